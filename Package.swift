// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "StudyTerm",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "studyterm", targets: ["studyterm"]),
        .library(name: "StudyCore", targets: ["StudyCore"]),
        .library(name: "StudyStore", targets: ["StudyStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        .target(name: "StudyCore"),
        .target(name: "StudyTestSupport", dependencies: ["StudyCore"]),
        .target(
            name: "StudyStore",
            dependencies: [
                "StudyCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .systemLibrary(
            name: "CNcursesw",
            path: "Sources/CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .target(name: "StudyFHIR", dependencies: ["StudyCore"]),
        .target(name: "TUIKit"),
        .target(name: "TUINcurses", dependencies: ["TUIKit", "CNcursesw"]),
        .target(name: "StudyTUI", dependencies: ["StudyCore", "TUIKit"]),
        .executableTarget(
            name: "studyterm",
            dependencies: [
                "StudyCore",
                "StudyFHIR",
                "StudyStore",
                "StudyTUI",
                "TUIKit",
                "TUINcurses",
            ],
            // Export no symbols from the executable (the Swift toolchain's link line exports all of
            // them): thousands fewer dynamic symbols to search make every start-up ~1 ms faster.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux]))]
        ),
        .testTarget(name: "StudyCoreTests", dependencies: ["StudyCore", "StudyTestSupport"]),
        .testTarget(name: "StudyStoreTests", dependencies: ["StudyStore", "StudyCore", "StudyTestSupport"]),
        .testTarget(name: "StudyFHIRTests", dependencies: ["StudyFHIR", "StudyCore", "StudyTestSupport"]),
        .testTarget(name: "TUIKitTests", dependencies: ["TUIKit"]),
        .testTarget(name: "StudyTUITests", dependencies: ["StudyTUI", "StudyCore", "StudyFHIR", "TUIKit", "StudyTestSupport"],
                    exclude: ["__Snapshots__", "Journey/__Snapshots__"]),
    ]
)

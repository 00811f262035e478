// swift-tools-version:6.0
import PackageDescription

/// A release build on Linux is one static executable (Swift runtime, Foundation, ncursesw, SQLite
/// and glibc inside): no dynamic loader work before the first screen, and the binary can be copied
/// to a study station as it is. Every target compiles against the static runtime's modules.
let staticRelease: [SwiftSetting] = [
    .unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release)),
]

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
        .target(name: "StudyCore", swiftSettings: staticRelease),
        .target(name: "StudyTestSupport", dependencies: ["StudyCore"], swiftSettings: staticRelease),
        .target(
            name: "StudyStore",
            dependencies: [
                "StudyCore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: staticRelease
        ),
        .systemLibrary(
            name: "CNcursesw",
            path: "Sources/CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .target(name: "StudyFHIR", dependencies: ["StudyCore"], swiftSettings: staticRelease),
        .target(name: "TUIKit", swiftSettings: staticRelease),
        .target(name: "TUINcurses", dependencies: ["TUIKit", "CNcursesw"], swiftSettings: staticRelease),
        .target(name: "StudyTUI", dependencies: ["StudyCore", "TUIKit"], swiftSettings: staticRelease),
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
            swiftSettings: staticRelease,
            linkerSettings: [
                // Export no symbols from the executable (the Swift toolchain's link line exports all
                // of them): thousands fewer dynamic symbols to search make every start-up faster.
                .unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux])),
                // See staticRelease.
                .unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        .testTarget(name: "StudyCoreTests", dependencies: ["StudyCore", "StudyTestSupport"]),
        .testTarget(name: "StudyStoreTests", dependencies: ["StudyStore", "StudyCore", "StudyTestSupport"]),
        .testTarget(name: "StudyFHIRTests", dependencies: ["StudyFHIR", "StudyCore", "StudyTestSupport"]),
        .testTarget(name: "TUIKitTests", dependencies: ["TUIKit"]),
        .testTarget(name: "StudyTUITests", dependencies: ["StudyTUI", "StudyCore", "StudyFHIR", "TUIKit", "StudyTestSupport"],
                    exclude: ["__Snapshots__", "Journey/__Snapshots__"]),
    ]
)

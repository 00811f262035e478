// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "StudyTerm",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "studyterm", targets: ["studyterm"]),
        .library(name: "StudyCore", targets: ["StudyCore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .target(name: "StudyCore"),
        .target(name: "StudyTestSupport", dependencies: ["StudyCore"]),
        .executableTarget(
            name: "studyterm",
            dependencies: [
                "StudyCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "StudyCoreTests", dependencies: ["StudyCore", "StudyTestSupport"]),
        // Terminal UI: TUIKit is terminal-agnostic; TUINcurses is the only importer of curses.
        .systemLibrary(
            name: "CNcursesw",
            path: "Sources/CNcursesw",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .target(name: "TUIKit"),
        .target(name: "TUINcurses", dependencies: ["TUIKit", "CNcursesw"]),
        .testTarget(name: "TUIKitTests", dependencies: ["TUIKit"]),
    ]
)

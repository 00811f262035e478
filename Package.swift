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
        .target(name: "StudyFHIR", dependencies: ["StudyCore"]),
        .executableTarget(
            name: "studyterm",
            dependencies: [
                "StudyCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "StudyCoreTests", dependencies: ["StudyCore", "StudyTestSupport"]),
        .testTarget(name: "StudyFHIRTests", dependencies: ["StudyFHIR", "StudyCore", "StudyTestSupport"]),
    ]
)

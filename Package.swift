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
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
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
                // The C API, for inspecting a file read-only and immutable before any migration.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        .executableTarget(
            name: "studyterm",
            dependencies: [
                "StudyCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "StudyCoreTests", dependencies: ["StudyCore", "StudyTestSupport"]),
        .testTarget(name: "StudyStoreTests", dependencies: ["StudyStore", "StudyCore", "StudyTestSupport"]),
    ]
)

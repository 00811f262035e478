// swift-tools-version:6.0
import PackageDescription

/// The tuned release build is an opt-in: `STUDYTERM_TUNED=1 swift build -c release --product studyterm`.
/// A plain `swift build` (any configuration) passes no unsafe flags, so the library products can
/// be depended on. The tuned build is what the benchmarks time and what a study station installs
/// (README: Installing on a study station); `Tests/run-all` tests it in its release stage. It
/// builds only `studyterm`: the static runtime modules it compiles against do not link into the
/// dynamically linked `studyterm-server`. Each setting is for start-up or key-to-paint time
/// (figures: Tests/bench/README.md; a setting is kept only when an A/B measurement shows it gains
/// 0.3 ms of start-up or 5% of key to paint, which dropped a symbol-order file and a hidden
/// frontend flag):
/// - on Linux one static executable (Swift runtime, Foundation, ncursesw, SQLite and glibc
///   inside): no dynamic loader work before the first screen, and the binary can be copied to a
///   study station as it is; every target compiles against the static runtime's modules;
/// - generics specialized across modules (the event loop runs the task screen's own code).
let tuned = Context.environment["STUDYTERM_TUNED"] == "1"

let releaseSettings: [SwiftSetting] = tuned ? [
    .unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release)),
    .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release)),
] : []

/// The tuned executable's link: exports no symbols (the Swift toolchain's link line exports all of
/// them: thousands fewer dynamic symbols to search at start-up), a static executable linked by lld.
let tunedLinkerSettings: [LinkerSetting] = tuned ? [
    .unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux])),
    .unsafeFlags(["-static-executable", "-use-ld=lld"], .when(platforms: [.linux], configuration: .release)),
] : []

let package = Package(
    name: "StudyTerm",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "studyterm", targets: ["studyterm"]),
        .executable(name: "studyterm-server", targets: ["studyterm-server"]),
        .executable(name: "studyterm-bench", targets: ["studyterm-bench"]),
        .library(name: "StudyCore", targets: ["StudyCore"]),
        .library(name: "StudyStore", targets: ["StudyStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        // SHA-256 for consent texts, credentials and tokens, in the app and the server alike.
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        // The study server only (never linked into `studyterm`).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // The server's connection guard reads HTTP parts (NIOHTTPTypes), as Hummingbird does.
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.34.1"),
        // The participant's study-server client (StudySync).
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    ],
    targets: [
        .target(name: "StudyCore", swiftSettings: releaseSettings),
        // Manual pages and shell completions, generated from a program's command table (both executables).
        .target(name: "CommandDocs", swiftSettings: releaseSettings),
        .target(name: "StudyTestSupport", dependencies: ["StudyCore"], swiftSettings: releaseSettings),
        .target(name: "StudyExport", dependencies: ["StudyCore"], swiftSettings: releaseSettings),
        .target(name: "StudyAPI", dependencies: ["StudyCore"], exclude: ["openapi.json"], swiftSettings: releaseSettings),
        .target(
            name: "StudyStore",
            dependencies: [
                "StudyCore",
                "StudyExport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ],
            swiftSettings: releaseSettings
        ),
        // No pkgConfig: ncursesw.pc gives only -D_DEFAULT_SOURCE -D_XOPEN_SOURCE=600 (which SwiftPM
        // drops with a warning; shim.h defines what the wide-char API needs) and the libraries the
        // module map already links.
        .systemLibrary(
            name: "CNcursesw",
            path: "Sources/CNcursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        .target(name: "StudyFHIR", dependencies: ["StudyCore"], swiftSettings: releaseSettings),
        // The study-server client: sign-up, study reloads, sending the outbox, messages, withdrawal.
        .target(
            name: "StudySync",
            dependencies: [
                "StudyCore",
                "StudyAPI",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            swiftSettings: releaseSettings
        ),
        .target(name: "TUIKit", swiftSettings: releaseSettings),
        .target(name: "TUINcurses", dependencies: ["TUIKit", "CNcursesw"], swiftSettings: releaseSettings),
        .target(name: "StudyTUI", dependencies: ["StudyCore", "TUIKit"], swiftSettings: releaseSettings),
        .target(
            name: "ServerStore",
            dependencies: [
                "StudyCore",
                "StudyAPI",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "StudyServerKit",
            dependencies: [
                "CommandDocs",
                "StudyCore",
                "StudyAPI",
                "StudyExport",
                "StudyFHIR",
                "ServerStore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "studyterm-server", dependencies: ["StudyServerKit"]),
        // What the participant's binary runs, as a library with Swift tests: the command-line
        // parser, loading tasks, recording runs in the store, the journey's live services.
        .target(
            name: "StudyTermKit",
            dependencies: ["CommandDocs", "StudyAPI", "StudyCore", "StudyExport", "StudyFHIR", "StudyStore", "StudySync", "StudyTUI", "TUIKit",
                           // Kiosk: the admin PIN's PBKDF2 (_CryptoExtras), audit hashes and salted participant hashes.
                           .product(name: "Crypto", package: "swift-crypto"),
                           .product(name: "_CryptoExtras", package: "swift-crypto")],
            swiftSettings: releaseSettings
        ),
        .executableTarget(
            name: "studyterm",
            dependencies: [
                "StudyAPI",
                "StudyCore",
                "StudyExport",
                "StudyFHIR",
                "StudyStore",
                "StudyTermKit",
                "StudyTUI",
                "TUIKit",
                "TUINcurses",
            ],
            swiftSettings: releaseSettings,
            linkerSettings: tunedLinkerSettings
        ),
        // Developer benchmarks, apart from the binary participants get.
        .executableTarget(name: "studyterm-bench",
                          dependencies: ["StudyCore", "StudyFHIR", "StudyStore", "StudyTermKit", "StudyTUI", "TUIKit"],
                          swiftSettings: releaseSettings, linkerSettings: tunedLinkerSettings),
        .testTarget(name: "StudyCoreTests", dependencies: ["StudyCore", "StudyTestSupport"]),
        .testTarget(name: "StudyStoreTests", dependencies: ["StudyStore", "StudyExport", "StudyCore", "StudyTestSupport"]),
        .testTarget(name: "StudyTermKitTests", dependencies: ["CommandDocs", "StudyTermKit", "StudyStore", "StudyCore", "StudyTUI", "StudySync", "StudyAPI", "StudyTestSupport"]),
        .testTarget(name: "BenchTests", dependencies: ["studyterm-bench", "StudyStore", "StudyTestSupport"]),
        .testTarget(name: "StudyAPITests", dependencies: ["StudyAPI", "StudyCore"]),
        // The sending round and the client against a fake transport that replays hostile answers.
        .testTarget(name: "StudySyncTests", dependencies: ["StudySync", "StudyAPI", "StudyCore", "StudyTestSupport"]),
        .testTarget(name: "ServerStoreTests", dependencies: ["ServerStore", "StudyAPI", "StudyCore"]),
        .testTarget(
            name: "StudyServerKitTests",
            dependencies: [
                "CommandDocs", "StudyServerKit", "ServerStore", "StudyAPI", "StudyCore", "StudyExport",
                // The participant's client is tested against the real server here.
                "StudySync", "StudyStore", "StudyTermKit", "StudyTUI",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "StudyFHIRTests", dependencies: ["StudyFHIR", "StudyCore", "StudyTestSupport"]),
        .testTarget(name: "TUIKitTests", dependencies: ["TUIKit"]),
        .testTarget(name: "StudyTUITests", dependencies: ["StudyTUI", "StudyCore", "StudyFHIR", "TUIKit", "StudyTestSupport"],
                    exclude: ["__Snapshots__", "Journey/__Snapshots__"]),
    ]
)

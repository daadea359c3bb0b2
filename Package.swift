// swift-tools-version:6.1
// touchlog: triage recorded iOS touch sessions. See README.md and docs/architecture.md.
import PackageDescription

let package = Package(
    name: "touchlog",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "touchlog", targets: ["touchlog"]),
        .library(name: "ResponderCore", targets: ["ResponderCore"]),
        // What an app under test links (docs/recorder.md): the recorder's logic, and its UIKit adapter.
        .library(name: "TouchlogRecorder", targets: ["TouchlogRecorder"]),
        .library(name: "TouchlogRecorderUIKit", targets: ["TouchlogRecorderUIKit"]),
    ],
    // The `CLI` trait guards the command's and the store's dependencies (GRDB, postgres-nio, NIOSSL, ArgumentParser,
    // Yams). It is on by default, so `swift build` builds touchlog; an app that links only the recorder adds the
    // package with `traits: []` and then resolves, fetches and builds none of them (docs/recorder.md has the figures).
    traits: [
        .trait(
            name: "CLI",
            description: "The touchlog command and its SQLite and PostgreSQL store, with their dependencies."),
        .default(enabledTraits: ["CLI"]),
    ],
    dependencies: [
        // Version ranges, never exact pins: an app that already depends on one of these at another compatible
        // version can still add touchlog.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `.touchlog.yml`: read at the CLI's edge into the report's typed configuration.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // The shared PostgreSQL store (`--db postgres://...`): the wire protocol, COPY FROM STDIN, LISTEN/NOTIFY.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // TLS to PostgreSQL (libpq's sslmode): the certificates and context postgres-nio's connection takes.
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.25.0"),
    ],
    targets: [
        // The records and the spec types they carry, with the one encoder: the bottom of the package, shared by the
        // recorder, the format, the model, replay and the store. Pure Swift: no Foundation, no I/O.
        .target(name: "TouchlogSchema"),
        // The UIKit model, built from the schema's spec types. Pure Swift: no Foundation, no SQLite, no I/O.
        .target(name: "ResponderCore", dependencies: ["TouchlogSchema"]),
        // The touchlog/1 format: typed records (decoded once, into the core's spec types), the byte-level JSON
        // reader, validation, importers.
        .target(name: "TouchlogFormat", dependencies: ["TouchlogSchema", "ResponderCore", "CZlib"]),
        // The system's zlib, for gzip-compressed input (Debian: zlib1g-dev; in the macOS SDK).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        // The store: SQLite through GRDB (the embedded default) and PostgreSQL through postgres-nio (shared), behind
        // one interface; migrations embedded from migrations/ and migrations/postgres/, ingest, queries.
        .target(
            name: "TouchlogStore",
            dependencies: [
                "TouchlogFormat", "CZlib",
                .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["CLI"])),
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["CLI"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["CLI"])),
            ]),
        // Replays a stream of typed records (from any source) through ResponderCore. Knows nothing of the store.
        .target(
            name: "TouchlogReplay",
            dependencies: ["ResponderCore", "TouchlogFormat"]),
        // Rules, triage grouping, output formats. No database: sessions arrive as typed record streams, so whoever
        // wants the rules does not get GRDB, PostgresNIO or NIOSSL.
        // The AnalysisIdentity plugin compiles in a hash of the sources of this module and of every module it depends
        // on: results workers stored are keyed by it, so a build whose analysis changed never serves old findings.
        .target(
            name: "TouchlogReport",
            dependencies: ["TouchlogReplay", "TouchlogFormat", "ResponderCore"],
            plugins: ["AnalysisIdentity"]),
        .plugin(
            name: "AnalysisIdentity", capability: .buildTool(), dependencies: ["touchlog-analysis-identity"]),
        // The plugin's tool: hashes the files it is given into a Swift file. Foundation only, built for the host.
        .executableTarget(name: "touchlog-analysis-identity"),
        // Where the store and the report meet: `report`'s run (sessions found in the store, stored results read),
        // `worker`'s queue (leases, threads, results stored), and every other command's frontend (`SessionsRun`,
        // `IngestRun`, `ReplayRun`, ...), which the CLI, the benchmarks and the tests call.
        .target(
            name: "TouchlogPipeline",
            dependencies: ["TouchlogReport", "TouchlogStore", "TouchlogReplay", "TouchlogFormat", "ResponderCore"]),
        // Every subcommand, one file each.
        .target(
            name: "TouchlogCLI",
            dependencies: [
                "TouchlogFormat", "TouchlogStore", "TouchlogReplay", "TouchlogReport", "TouchlogPipeline",
                "ResponderCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CLI"])),
                .product(name: "Yams", package: "Yams", condition: .when(traits: ["CLI"])),
            ]),
        .executableTarget(name: "touchlog", dependencies: ["TouchlogCLI"]),
        // The recorder's decisions in pure Swift (no UIKit): capture, diff, ids, privacy, buffering, encoding,
        // writing. Built and tested on Linux.
        // It links the schema only (docs/recorder.md: what an app compiles).
        .target(name: "TouchlogRecorder", dependencies: ["TouchlogSchema"]),
        // The thin UIKit adapter. On Linux it compiles against UIKitStandIn, a test-only copy of the UIKit surface
        // it uses (docs/recorder.md lists it).
        .target(
            name: "TouchlogRecorderUIKit",
            dependencies: [
                "TouchlogRecorder", "TouchlogSchema",
                // macOS has no UIKit either (the CLI is built there): the stand-in stands in there too.
                .target(name: "UIKitStandIn", condition: .when(platforms: [.linux, .macOS])),
            ]),
        .target(name: "UIKitStandIn", path: "Tests/UIKitStandIn"),
        // Benchmarks run by `make bench`; never part of the test suite.
        .executableTarget(
            name: "touchlog-bench",
            dependencies: [
                "ResponderCore", "TouchlogFormat", "TouchlogStore", "TouchlogReplay", "TouchlogReport",
                "TouchlogPipeline", "TouchlogRecorder",
            ]),

        // Helpers shared by the test targets (golden files); not part of the product.
        .target(name: "TouchlogTestSupport", dependencies: ["TouchlogFormat"], path: "Tests/TouchlogTestSupport"),
        // Test-only rules and sessions that the report's and the pipeline's tests share; not part of the product.
        .target(
            name: "TouchlogReportFixtures", dependencies: ["TouchlogReport", "TouchlogFormat", "ResponderCore"],
            path: "Tests/TouchlogReportFixtures"),

        .testTarget(name: "ResponderCoreTests", dependencies: ["ResponderCore"]),
        .testTarget(
            name: "TouchlogFormatTests", dependencies: ["TouchlogFormat", "ResponderCore"],
            exclude: [
                "Importers/Fixtures", "Importers/Golden", "Importers/Expected", "Importers/Corpus", "Importers/Joined",
                "Reading/Corpus",
            ]),
        // TouchlogTestSupport: the PostgreSQL test server, for the dialect layer's parity with SQLite.
        .testTarget(
            name: "TouchlogStoreTests", dependencies: ["TouchlogStore", "TouchlogFormat", "TouchlogTestSupport"]),
        .testTarget(
            name: "TouchlogReplayTests",
            dependencies: [
                "TouchlogReplay", "TouchlogStore", "TouchlogFormat", "ResponderCore", "TouchlogTestSupport",
            ],
            exclude: ["Golden"]),
        // The rules, triage and formats on typed records alone: no store here (TouchlogPipelineTests has the tests
        // that need one).
        .testTarget(
            name: "TouchlogReportTests",
            dependencies: [
                "TouchlogReport", "TouchlogReplay", "TouchlogFormat", "ResponderCore", "TouchlogTestSupport",
                "TouchlogReportFixtures",
            ],
            exclude: ["Golden", "CleanSessions"]),
        .testTarget(
            name: "TouchlogPipelineTests",
            dependencies: [
                "TouchlogPipeline", "TouchlogReport", "TouchlogReplay", "TouchlogStore", "TouchlogFormat",
                "ResponderCore", "TouchlogTestSupport", "TouchlogReportFixtures",
            ],
            exclude: ["Golden"]),
        .testTarget(
            name: "TouchlogCLITests",
            dependencies: [
                "TouchlogCLI", "TouchlogReport", "TouchlogPipeline", "TouchlogStore", "TouchlogFormat",
                "TouchlogTestSupport",
            ],
            exclude: ["Fixtures", "Golden"]),
        .testTarget(
            name: "TouchlogRecorderTests",
            dependencies: ["TouchlogRecorder", "TouchlogFormat", "ResponderCore", "TouchlogTestSupport"],
            exclude: ["Golden"]),
        .testTarget(
            name: "TouchlogRecorderUIKitTests",
            dependencies: [
                "TouchlogRecorderUIKit", "TouchlogRecorder", "UIKitStandIn", "TouchlogFormat", "ResponderCore",
                "TouchlogStore", "TouchlogReplay", "TouchlogReport", "TouchlogPipeline", "TouchlogTestSupport",
            ],
            exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)

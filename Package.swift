// swift-tools-version: 6.1

import CompilerPluginSupport
import PackageDescription

let package = Package(
  name: "todo",
  // `Mutex` and `Atomic` (Synchronization) need macOS 15.
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "Diffable", targets: ["Diffable"]),
    .library(name: "Persistence", targets: ["Persistence"]),
    .library(name: "Composable", targets: ["Composable"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .library(name: "ICalendar", targets: ["ICalendar"]),
    .library(name: "TodoCore", targets: ["TodoCore"]),
    .library(name: "TodoServer", targets: ["TodoServer"]),
    .executable(name: "todo", targets: ["todo"]),
    .executable(name: "todo-bench", targets: ["todo-bench"]),
    .executable(name: "area-search", targets: ["area-search"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
    .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.90.0"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    .package(url: "https://github.com/apple/swift-openapi-generator", from: "1.14.3"),
    .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.13.4"),
    .package(
      url: "https://github.com/hummingbird-project/swift-openapi-hummingbird", from: "2.1.0"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/swift-server/swift-openapi-async-http-client", from: "1.5.0"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
    .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
    .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    // 603 is the syntax of the Swift 6.3 compiler, and the version the Point-Free macros
    // (case paths, dependencies) already resolve.
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
  ],
  targets: [
    // MARK: - Diffable
    .target(name: "Diffable"),
    .testTarget(
      name: "DiffableTests",
      dependencies: [
        "Diffable",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),

    // MARK: - Persistence
    .target(
      name: "Persistence",
      dependencies: [
        "Diffable",
        // @Entity and its property markers (Entity/EntityMacro.swift).
        "EntityMacros",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        // The PostgreSQL pool's use and waits (PostgresPoolMetrics).
        .product(name: "Metrics", package: "swift-metrics"),
      ]
    ),
    .target(
      name: "PersistenceTestEntities",
      dependencies: ["Persistence", "PersistenceTestSupport"],
      path: "Tests/PersistenceTestEntities"
    ),
    // Which engine a test run uses, and its stores (TestStoreLocation): SQLite files, or new
    // databases of the PostgreSQL cluster the test script starts.
    .target(
      name: "PersistenceTestSupport",
      dependencies: ["Persistence"],
      path: "Tests/PersistenceTestSupport"
    ),
    .executableTarget(
      name: "persistence-writer",
      dependencies: ["Persistence", "PersistenceTestEntities"],
      path: "Tests/PersistenceWriter"
    ),
    // The compiler plugin of @Entity: entities declared once, from their stored properties.
    .macro(
      name: "EntityMacros",
      dependencies: [
        "EntityMacrosSupport",
        .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ]
    ),
    // What @Entity and its markers do, in a library of its own that the expansion tests import:
    // a test target that depended on the macro target itself would make SwiftPM build every
    // test target a second time, for the host, where TodoCLITests cannot import `todo`.
    .target(
      name: "EntityMacrosSupport",
      dependencies: [
        .product(name: "SwiftDiagnostics", package: "swift-syntax"),
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
        .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
      ]
    ),
    // Expansions and diagnostics of @Entity, as source text.
    .testTarget(
      name: "EntityMacrosTests",
      dependencies: [
        "EntityMacrosSupport",
        .product(name: "MacroTesting", package: "swift-macro-testing"),
        .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
      ]
    ),
    .testTarget(
      name: "PersistenceTests",
      dependencies: [
        "Persistence",
        "PersistenceTestEntities",
        "PersistenceTestSupport",
        "Diffable",
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "PropertyBased", package: "swift-property-based"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),

    // MARK: - Composable
    .target(
      name: "Composable",
      dependencies: [
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .testTarget(
      name: "ComposableTests",
      dependencies: [
        "Composable",
        "Diffable",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        // Lets IssueReporting record issues (TestStore failures) in Swift Testing on Linux.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),

    // MARK: - TerminalUI
    .target(name: "TerminalUI", dependencies: ["Diffable"]),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "Diffable"]),

    // MARK: - ICalendar
    .target(name: "ICalendar"),
    .testTarget(
      name: "ICalendarTests",
      dependencies: ["ICalendar"],
      resources: [.copy("Fixtures")]
    ),

    // MARK: - TodoCore
    .target(
      name: "TodoCore",
      dependencies: [
        "Diffable",
        "Persistence",
        "Composable",
        "ICalendar",
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .testTarget(
      name: "TodoCoreTests",
      dependencies: [
        "TodoCore",
        "Persistence",
        "PersistenceTestEntities",
        "PersistenceTestSupport",
        "Composable",
        "Diffable",
        "ICalendar",
        .product(name: "Dependencies", package: "swift-dependencies"),
        // The live protocol's round trips are checked on generated events and messages.
        .product(name: "PropertyBased", package: "swift-property-based"),
        // The stores of earlier schema versions are loaded from their SQL dumps.
        .product(name: "GRDB", package: "GRDB.swift"),
      ],
      resources: [.copy("Fixtures")]
    ),

    // MARK: - TodoServer
    .target(
      name: "TodoServer",
      dependencies: [
        "TodoCore",
        // CalDAV reads and writes VTODOs.
        "ICalendar",
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
        // Accounts: bcrypt for passwords, SHA-256 for session and token secrets.
        .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Logging", package: "swift-log"),
        // The connection guard is a channel handler between SwiftNIO's HTTP decoder and
        // Hummingbird (HTTP/HTTPGuardHandler.swift).
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        // Also a live page's large message: its own start, then a body every page shares, as
        // two frames (Live/LivePageWriter.swift).
        .product(name: "NIOWebSocket", package: "swift-nio"),
        // Reminders by e-mail: an SMTP client with STARTTLS (Mail/SMTPClient.swift).
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "OpenAPIHummingbird", package: "swift-openapi-hummingbird"),
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        // What the server counts (ServerMetrics), and Prometheus to expose it.
        .product(name: "Metrics", package: "swift-metrics"),
        .product(name: "Prometheus", package: "swift-prometheus"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ],
      // The API's types and server are generated from Resources/openapi.json
      // (openapi-generator-config.yaml beside it), which is also served as it is.
      resources: [.copy("Resources/openapi.json"), .copy("Public")],
      plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
    ),
    .testTarget(
      name: "TodoServerTests",
      dependencies: [
        "TodoServer",
        "TodoCore",
        "Persistence",
        "PersistenceTestSupport",
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),

    // MARK: - todo (command-line client and server)
    .executableTarget(
      name: "todo",
      dependencies: [
        "TodoServer",
        "TodoCore",
        "Persistence",
        "Diffable",
        "TerminalUI",
        .product(name: "HTTPTypes", package: "swift-http-types"),
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        // todo tui --server: the server's live page over its WebSocket.
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
        .product(name: "OpenAPIAsyncHTTPClient", package: "swift-openapi-async-http-client"),
        .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        .product(name: "Logging", package: "swift-log"),
        // todo serve's settings: the configuration file, the environment and the flags.
        .product(name: "Configuration", package: "swift-configuration"),
        .product(name: "SystemPackage", package: "swift-system"),
      ],
      // The remote backend's types and client are generated from openapi.json, a symbolic
      // link to the server's document (openapi-generator-config.yaml beside it).
      plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
    ),

    .testTarget(
      name: "TodoCLITests",
      dependencies: ["todo", "TodoCore", "Persistence", "Diffable", "TerminalUI"]
    ),

    // MARK: - area-search (seed 002's weather-area screen in the terminal)
    .executableTarget(
      name: "area-search",
      dependencies: [
        "Composable",
        "Diffable",
        "TerminalUI",
        .product(name: "AsyncHTTPClient", package: "async-http-client"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "NIOCore", package: "swift-nio"),
      ],
      // Snapshots of the agency's area list and of two forecasts, for --offline
      // (Fixtures/README.md says where they come from).
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "AreaSearchTests",
      dependencies: [
        "area-search",
        "Composable",
        "Diffable",
        "TerminalUI",
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        // A local HTTP server stands in for the agency's, for the live client.
        .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        // Lets IssueReporting record issues (TestStore failures) in Swift Testing on Linux.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),

    // MARK: - Benchmarks
    .executableTarget(
      name: "todo-bench",
      dependencies: [
        "Diffable",
        "ICalendar",
        "Persistence",
        "Composable",
        "TodoCore",
        "TodoServer",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
        .product(name: "Logging", package: "swift-log"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.1
import PackageDescription

// Lets reportIssue (TestStore failures, stray actions) reach Swift Testing.
let issueReportingTestSupport = Target.Dependency.product(
  name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay")

// Generic code of our own modules (the runtime, the reducer core) specialised
// where the app uses it, as if it were one module: without it every key pays
// for runtime type-metadata look-ups.
let crossModule: [SwiftSetting] = [
  .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))
]

let package = Package(
  name: "standups",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "standups", targets: ["standups"]),
    .executable(name: "inventory", targets: ["inventory"]),
  ],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    // Without the default traits: they link FoundationNetworking and OpenCombine,
    // which the app never uses and which rule out a static build.
    .package(
      url: "https://github.com/pointfreeco/swift-dependencies", from: "1.17.1",
      traits: ["Clocks", "Foundation"]),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3", traits: []),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/pointfreeco/swift-parsing", from: "0.15.2"),
    .package(url: "https://github.com/pointfreeco/swift-tagged", from: "0.10.0"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.5.3"),
  ],
  targets: [
    .systemLibrary(
      name: "CNCurses",
      providers: [.apt(["libncurses-dev"])]
    ),
    .target(
      name: "Composable",
      dependencies: [
        .product(name: "CasePaths", package: "swift-case-paths"),
        .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
      ],
      swiftSettings: crossModule
    ),
    .target(
      name: "ComposableTesting",
      dependencies: [
        "Composable",
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]
    ),
    .target(name: "TerminalUI", swiftSettings: crossModule),
    // The app-agnostic runtime: the shell feature (help, alert focus, banner,
    // quit, suspend), scenes, overlays and the loop.
    .target(
      name: "TerminalApp", dependencies: ["Composable", "TerminalUI"], swiftSettings: crossModule),
    .target(name: "EventLoop"),
    // Signal handlers that put the terminal back (C: async-signal-safe only).
    .target(name: "CTerminalGuard"),
    .target(name: "CursesBackend", dependencies: ["CNCurses", "CTerminalGuard", "TerminalUI"]),
    // The file store, generic over the document: atomic saves, throttled off
    // the main actor, the lock, where the file lives.
    .target(name: "Persistence", dependencies: ["CFileSystem"]),
    .target(name: "CFileSystem"),
    .target(
      name: "StandupsCore",
      dependencies: [
        "Composable", "Routing", "DecodingMessages",
        .product(name: "Parsing", package: "swift-parsing"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Tagged", package: "swift-tagged"),
      ],
      resources: [.embedInCode("Resources/sample-standups.json")]),
    // The second app (issue #15): tabs, an inventory of items, its routes and
    // its data file. Shares nothing with the standups targets.
    // How routes name an element of a list (id, position, name, id prefix),
    // shared by both apps' routes.
    .target(name: "Routing"),
    // Data-file errors worded in the file's terms, shared by both apps' formats.
    .target(name: "DecodingMessages"),
    .target(
      name: "InventoryCore",
      dependencies: [
        "Composable", "Persistence", "Routing", "DecodingMessages",
        .product(name: "Parsing", package: "swift-parsing"),
        .product(name: "Tagged", package: "swift-tagged"),
      ]),
    // Team mode: the standups store on PostgreSQL (schema, sync, journal,
    // cache). The only target that links the client and its event loop.
    .target(
      name: "StandupsDatabase",
      dependencies: [
        "StandupsCore", "Persistence", .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "Logging", package: "swift-log"),
      ],
      // Nonisolated async code runs where it is called: on the store's
      // event loop, as the client's own code does.
      swiftSettings: [.enableUpcomingFeature("NonisolatedNonsendingByDefault")]),
    .target(name: "StandupsTUI", dependencies: ["StandupsCore", "TerminalUI", "TerminalApp"]),
    // The inventory app's view layer: tabs, the list, the item form as a sheet
    // and a popover, the detail drill-down and the alerts.
    .target(name: "InventoryTUI", dependencies: ["InventoryCore", "TerminalUI", "TerminalApp"]),
    // What the apps' commands share: argument types.
    .target(
      name: "AppCommandLine",
      dependencies: [
        "TerminalUI", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // The inventory app put together: flags, data file, lock, store, terminal, loop.
    .target(
      name: "InventoryApp",
      dependencies: [
        "InventoryCore", "InventoryTUI", "TerminalApp", "TerminalUI", "Persistence", "EventLoop",
        "CursesBackend", "AppCommandLine", "Routing",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(name: "inventory", dependencies: ["InventoryApp"]),
    // The composition root: launch, flags, data location, lock, the store and
    // its persistence, the terminal and the loop. `standups` is its main.
    .target(
      name: "StandupsApp",
      dependencies: [
        "Composable", "StandupsCore", "StandupsTUI", "TerminalUI", "TerminalApp", "CursesBackend",
        "EventLoop", "Persistence", "AppCommandLine", "StandupsDatabase", "Routing",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    .executableTarget(
      name: "standups",
      dependencies: ["StandupsApp"]
    ),
    // A small program that draws a sample frame and echoes decoded keys; the
    // backend's end-to-end tests drive it in tmux.
    .executableTarget(name: "terminal-probe", dependencies: ["CursesBackend", "TerminalUI"]),
    // The C ncurses program `make bench` measures the app's key latency against.
    .executableTarget(
      name: "ncurses-reference",
      linkerSettings: [.linkedLibrary("ncursesw"), .linkedLibrary("panelw")]),
    // `make bench`: performance figures for the README (not part of `make test`).
    .executableTarget(
      name: "standups-bench",
      dependencies: [
        "StandupsApp", "StandupsCore", "StandupsTUI", "TerminalUI", "TerminalApp", "Composable",
        "Persistence", "EventLoop", "PostgresTesting",
      ]),
    .testTarget(
      name: "ComposableTests",
      dependencies: ["Composable", "ComposableTesting", issueReportingTestSupport]),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
    .testTarget(
      name: "TerminalAppTests",
      dependencies: [
        "TerminalApp", "ComposableTesting", issueReportingTestSupport,
        .product(name: "Clocks", package: "swift-clocks"),
      ]),
    .testTarget(
      name: "EventLoopTests",
      dependencies: [
        "EventLoop", .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]),
    .testTarget(
      name: "CursesBackendTests",
      dependencies: ["CursesBackend", "CNCurses", "TerminalUI", "TmuxTesting"]),
    .testTarget(
      name: "StandupsAppTests",
      dependencies: [
        "StandupsApp", "StandupsCore", "StandupsDatabase", "Persistence", "EventLoop",
        "AppCommandLine",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]),
    .testTarget(
      name: "StandupsCoreTests",
      dependencies: [
        "StandupsCore", "ComposableTesting", issueReportingTestSupport,
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Dependencies", package: "swift-dependencies"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      ]),
    .testTarget(
      name: "InventoryCoreTests",
      dependencies: [
        "InventoryCore", "Persistence", "ComposableTesting", issueReportingTestSupport,
      ]),
    .testTarget(
      name: "StandupsTUITests",
      dependencies: [
        "StandupsTUI", "StandupsCore", "TerminalUI", "TerminalApp", "TextSnapshotTesting",
        issueReportingTestSupport, .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "InventoryTUITests",
      dependencies: [
        "InventoryTUI", "InventoryCore", "TerminalUI", "TerminalApp", "TextSnapshotTesting",
        issueReportingTestSupport, .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "StandupsDatabaseTests",
      dependencies: [
        "StandupsDatabase", "StandupsCore", "PostgresTesting",
        .product(name: "PostgresNIO", package: "postgres-nio"),
      ]),
    // A private PostgreSQL cluster for tests and benchmarks.
    .target(name: "PostgresTesting", path: "Tests/PostgresTesting"),
    // tmux sessions for the end-to-end tests of the real binaries.
    .target(name: "TmuxTesting", path: "Tests/TmuxTesting"),
    // Plain-text snapshots for the view tests of both apps.
    .target(
      name: "TextSnapshotTesting",
      dependencies: [.product(name: "CustomDump", package: "swift-custom-dump")],
      path: "Tests/TextSnapshotTesting"),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "TmuxTesting", "StandupsCore", "StandupsApp", "TerminalUI", "InventoryCore",
        "PostgresTesting",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

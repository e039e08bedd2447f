import Clocks
import Foundation
import InventoryCore
import TerminalApp
import TerminalUI
import TextSnapshotTesting

@testable import InventoryTUI

/// Terminal sizes the snapshots are taken at.
extension Size {
  static let large = Size(width: 80, height: 24)
  static let small = Size(width: 40, height: 12)

  /// "80x24", the snapshot name for this size.
  var name: String { "\(width)x\(height)" }
}

/// The shell's own state as the view tests set it: help, the highlighted
/// alert button, a banner.
struct ShellUI {
  var showsHelp = false
  var alertFocus: (id: UUID, index: Int)?
  var banner: String?

  func shell(_ app: AppFeature.State) -> Shell<AppFeature>.State {
    var state = Shell<AppFeature>.State(app: app)
    state.isHelpShown = showsHelp
    state.alertFocus = alertFocus.map { AlertFocus(alertID: $0.id, index: $0.index) }
    state.banner = banner.map { .error($0) }
    return state
  }
}

/// The version the view tests give the view: fixed, so that snapshots of
/// full help do not change with each release.
let testVersion = "1.2.3"

/// The inventory app as the runtime hosts it.
let inventoryView = InventoryView.make(environment: RenderEnvironment(version: testVersion))

/// Draws `state` into an in-memory terminal of `size`, as the app would.
@MainActor
func draw(
  _ state: AppFeature.State, ui: ShellUI = ShellUI(), size: Size,
  environment: RenderEnvironment = RenderEnvironment(version: testVersion)
) -> InMemoryBackend {
  var memory = ViewMemory()
  let backend = InMemoryBackend(size: size)
  let view = InventoryView.make(environment: environment)
  backend.draw(view.frame(ui.shell(state), size: size, memory: &memory))
  return backend
}

/// The keys in force for `state`, as the runtime would look them up.
func keymap(
  _ state: AppFeature.State, ui: ShellUI = ShellUI(), size: Size = .large
) -> Keymap<Shell<AppFeature>.Action> {
  inventoryView.keymap(ui.shell(state), size: size)
}

/// Snapshots the screen text of `state` at each of `sizes`, one file per size.
@MainActor
func assertScreen(
  _ state: AppFeature.State, ui: ShellUI = ShellUI(), sizes: [Size] = [.large, .small],
  environment: RenderEnvironment = RenderEnvironment(version: testVersion),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  testName: String = #function, line: UInt = #line, column: UInt = #column
) {
  for size in sizes {
    assertText(
      draw(state, ui: ui, size: size, environment: environment).text, named: size.name,
      fileID: fileID, filePath: filePath, testName: testName, line: line, column: column)
  }
}

/// The app on `tab` with `items` (the samples unless told), `selection`
/// highlighted and `destination` presented by the inventory.
func appState(
  _ tab: AppFeature.Tab = .inventory, items: IdentifiedArrayOf<Item> = Item.samples,
  selection: Item.ID? = nil, destination: Inventory.Destination.State? = nil
) -> AppFeature.State {
  AppFeature.State(
    inventory: Inventory.State(destination: destination, items: items, selection: selection),
    selectedTab: tab)
}

/// A runtime over a real store and an in-memory terminal, with ids from 0 up.
typealias InventoryRuntime = TerminalRuntime<AppFeature, ViewMemory>

@MainActor
func makeRuntime(
  _ state: AppFeature.State = appState(), size: Size = .large
) -> (InventoryRuntime, InMemoryBackend) {
  let store = Store(
    initialState: Shell<AppFeature>.State(app: state),
    reducer: Shell(
      AppFeature(), messages: InventoryView.message, unsavedWork: InventoryView.unsavedWork),
    withDependencies: {
      $0.uuid = .incrementing
      $0.itemsStore = .inMemory()
      // A notice's timer sleeps on it, and never ends unless a test says so.
      $0.continuousClock = TestClock()
    })
  let backend = InMemoryBackend(size: size)
  let runtime = InventoryRuntime(
    store: store, view: inventoryView, memory: ViewMemory(), backend: backend)
  runtime.render()
  return (runtime, backend)
}

@MainActor
extension InventoryRuntime {
  /// Handles each key, then draws one frame.
  func press(_ keys: Key...) {
    for key in keys { handle(.key(key)) }
    render()
  }

  /// Types `text` one character at a time, then draws one frame.
  func type(_ text: String) {
    for ch in text { handle(.key(.char(ch))) }
    render()
  }

  var state: AppFeature.State { store.state.app }
}

extension InMemoryBackend {
  /// The names of the layers of the last frame, bottom first.
  var layerNames: [String] { frames.last?.layers.map(\.name) ?? [] }

  /// Whether any line of the screen contains `text`.
  func shows(_ text: String) -> Bool { lines.contains { $0.contains(text) } }
}

// MARK: Fixtures

extension Item {
  static let keyboard = samples[0]
  static let monitor = samples[1]
  static let mouse = samples[2]
  static let headphones = samples[3]

  /// Enough items that the list scrolls at both sizes.
  static let many: IdentifiedArrayOf<Item> = {
    let colors = Item.Color.choices
    var items = samples
    for n in 1...20 {
      items.append(
        Item(
          id: .init(UUID(n)), name: "Part \(n)", color: colors[n % colors.count],
          status: n % 3 == 0 ? .outOfStock(isOnBackOrder: n % 2 == 0) : .inStock(quantity: n)))
    }
    return items
  }()
}

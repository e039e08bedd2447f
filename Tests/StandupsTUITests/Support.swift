import Clocks
import Foundation
import TerminalApp
import TerminalUI
import TextSnapshotTesting

@testable import StandupsCore
@testable import StandupsTUI

/// Terminal sizes the snapshots are taken at.
extension Size {
  static let large = Size(width: 80, height: 24)
  static let small = Size(width: 40, height: 12)

  /// "80x24", the snapshot name for this size.
  var name: String { "\(width)x\(height)" }
}

/// The version the view tests give the view: fixed, so that snapshots of
/// full help do not change with each release.
let testVersion = "1.2.3"

/// Dates drawn in UTC so snapshots don't depend on the machine's time zone.
let utc = RenderEnvironment(time: .zone(TimeZone(identifier: "UTC")!), version: testVersion)

/// The `date.now` of the runtime tests: 2009-02-13 23:31:30 UTC.
let testNow = Date(timeIntervalSince1970: 1_234_567_890)

/// The shell's own state as the view tests set it: help, the highlighted
/// alert button, a banner.
struct ShellUI {
  var showsHelp = false
  var alertFocus: (id: UUID, index: Int)?
  var banner: String?
  var helpScroll = 0

  func shell(_ app: AppFeature.State) -> Shell<AppFeature>.State {
    var state = Shell<AppFeature>.State(app: app)
    state.isHelpShown = showsHelp
    state.helpScroll = helpScroll
    state.alertFocus = alertFocus.map { AlertFocus(alertID: $0.id, index: $0.index) }
    state.banner = banner.map { .error($0) }
    return state
  }
}

/// The standups app as the runtime hosts it, dates in UTC.
let standupsView = StandupsView.make(environment: utc)

/// Draws `state` into an in-memory terminal of `size`, as the app would.
@MainActor
func draw(
  _ state: AppFeature.State, ui: ShellUI = ShellUI(), size: Size
) -> InMemoryBackend {
  var memory = ViewMemory()
  let backend = InMemoryBackend(size: size)
  backend.draw(standupsView.frame(ui.shell(state), size: size, memory: &memory))
  return backend
}

/// The keys in force for `state`, as the runtime would look them up.
func keymap(
  _ state: AppFeature.State, ui: ShellUI = ShellUI(), size: Size = .large
) -> Keymap<Shell<AppFeature>.Action> {
  standupsView.keymap(ui.shell(state), size: size)
}

/// Snapshots the screen text of `state` at each of `sizes`, one file per size.
@MainActor
func assertScreen(
  _ state: AppFeature.State, ui: ShellUI = ShellUI(), sizes: [Size] = [.large, .small],
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  testName: String = #function, line: UInt = #line, column: UInt = #column
) {
  for size in sizes {
    assertText(
      draw(state, ui: ui, size: size).text, named: size.name,
      fileID: fileID, filePath: filePath, testName: testName, line: line, column: column)
  }
}

/// The app with `standups` on its list and `path` pushed on top.
func appState(
  _ standups: IdentifiedArrayOf<Standup> = [], selection: Standup.ID? = nil,
  destination: StandupsList.Destination.State? = nil,
  path: [AppFeature.Path.State] = []
) -> AppFeature.State {
  withDependencies {
    $0.stackElementID = StackElementIDGenerator()
  } operation: {
    AppFeature.State(
      path: StackState(path),
      standupsList: StandupsList.State(
        destination: destination, standups: standups, selection: selection))
  }
}

/// A runtime over a real store and an in-memory terminal, with deterministic
/// ids, dates and a clock that never moves unless the test says so.
typealias StandupsRuntime = TerminalRuntime<AppFeature, ViewMemory>

@MainActor
func makeRuntime(
  _ state: AppFeature.State = AppFeature.State(), size: Size = .large,
  clock: TestClock<Duration> = TestClock()
) -> (StandupsRuntime, InMemoryBackend) {
  let store = Store(
    initialState: Shell<AppFeature>.State(app: state),
    reducer: Shell(
      AppFeature(), messages: StandupsView.message, unsavedWork: StandupsView.unsavedWork),
    withDependencies: {
      $0.uuid = .incrementing
      $0.date.now = testNow
      $0.continuousClock = clock
    })
  let backend = InMemoryBackend(size: size)
  let runtime = StandupsRuntime(
    store: store, view: standupsView, memory: ViewMemory(), backend: backend)
  runtime.render()
  return (runtime, backend)
}

@MainActor
extension StandupsRuntime {
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

  /// The standup screen on top, if any.
  var detail: StandupDetail.State? {
    guard case .detail(let detail) = state.path.last else { return nil }
    return detail
  }

  /// The shell's state in the tests' terms.
  var ui: ShellUI {
    let shell = store.state
    return ShellUI(
      showsHelp: shell.isHelpShown,
      alertFocus: shell.alertFocus.map { ($0.alertID, $0.index) }, banner: shell.bannerText,
      helpScroll: shell.helpScroll)
  }
}

extension InMemoryBackend {
  /// The names of the layers of the last frame, bottom first.
  var layerNames: [String] { frames.last?.layers.map(\.name) ?? [] }

  /// Whether any line of the screen contains `text`.
  func shows(_ text: String) -> Bool { lines.contains { $0.contains(text) } }
}

// MARK: Fixtures

extension Standup {
  static func sample(_ n: Int, _ title: String, theme: Theme, attendees: [String], minutes: Int)
    -> Standup
  {
    Standup(
      id: .init(UUID(1000 + n * 100)),
      attendees: IdentifiedArray(
        uniqueElements: attendees.enumerated().map {
          Attendee(id: .init(UUID(1000 + n * 100 + $0.offset + 1)), name: $0.element)
        }),
      duration: .seconds(minutes * 60),
      theme: theme,
      title: title)
  }

  /// Enough standups that the list scrolls at both sizes.
  static let many: IdentifiedArrayOf<Standup> = [
    .mock, .engineeringMock, .productMock,
    .sample(1, "Marketing", theme: .poppy, attendees: ["Ada", "Grace", "Linus"], minutes: 15),
    .sample(2, "Support rota", theme: .navy, attendees: ["Ken"], minutes: 5),
    .sample(3, "Platform", theme: .teal, attendees: ["Barbara", "Edsger"], minutes: 20),
    .sample(4, "Mobile", theme: .sky, attendees: ["Alan", "Donald", "Niklaus"], minutes: 10),
    .sample(5, "Data science", theme: .purple, attendees: ["Frances", "John"], minutes: 25),
    .sample(6, "Security", theme: .oxblood, attendees: ["Radia", "Whitfield"], minutes: 5),
  ]

  /// The mock standup with several past meetings, newest first.
  static let withMeetings: Standup = {
    var standup = Standup.mock
    standup.meetings = [
      Meeting(
        id: .init(UUID(72)), date: Date(timeIntervalSince1970: 1_700_600_000),
        transcript: "Blob: Demo went well.\nBlob Sr: Release on Friday."),
      Meeting(
        id: .init(UUID(71)), date: Date(timeIntervalSince1970: 1_700_300_000),
        transcript: "Blob Jr: Fixed the flaky login test."),
      Meeting(
        id: .init(UUID(7)), date: Date(timeIntervalSince1970: 1_700_000_000),
        transcript: "Blob: Shipped the new onboarding flow.\nBlob Jr: Reviewing the API."),
      Meeting(
        id: .init(UUID(70)), date: Date(timeIntervalSince1970: 1_699_700_000), transcript: ""),
    ]
    return standup
  }()
}

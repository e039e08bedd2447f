import Foundation
import StandupsCore
import TerminalUI
import Testing

@testable import StandupsTUI

/// Characters that arrive together in one read (keys held down, typed
/// ahead over a slow link, or pasted where the terminal does not mark
/// pastes): text where a field takes it, else one key each. A marked
/// (bracketed) paste is only ever text.
@MainActor
struct TypedTextTests {
  static let standups = IdentifiedArray(
    uniqueElements: (0..<6).map {
      Standup(
        id: .init(UUID(uuidString: "DDDDDDDD-0000-0000-0000-00000000000\($0)")!),
        title: "Team \($0)")
    })

  @Test func keysArrivingTogetherOnTheListAreEachAKey() {
    let (runtime, backend) = makeRuntime(appState(Self.standups, selection: Self.standups[0].id))
    runtime.handle(.typed("jjjj"))
    runtime.render()
    #expect(runtime.state.standupsList.selection == Self.standups[4].id)
    #expect(backend.shows("› Team 4"), "\(backend.lines)")
  }

  /// A key that opens a sheet changes what the rest are: its title.
  @Test func aKeyThatOpensAFieldTakesTheRestAsText() {
    let (runtime, backend) = makeRuntime(appState(Self.standups))
    runtime.handle(.typed("aRetro"))
    runtime.render()
    guard case .add(let form) = runtime.state.standupsList.destination else {
      Issue.record("no add sheet: \(backend.lines)")
      return
    }
    #expect(form.standup.title == "Retro")
    #expect(backend.shows("Retro"))
  }

  @Test func inAFieldTheyAreTextAsTyped() {
    let (runtime, _) = makeRuntime(appState(Self.standups))
    runtime.press(.char("a"))
    runtime.handle(.typed("jjjj q"))
    guard case .add(let form) = runtime.state.standupsList.destination else {
      Issue.record("no add sheet")
      return
    }
    #expect(form.standup.title == "jjjj q")
    #expect(!runtime.isFinished)
  }

  /// A marked paste on the list is not taken for keys (a pasted "dq" must
  /// not delete and quit).
  @Test func aMarkedPasteIsNeverTakenForKeys() {
    let (runtime, _) = makeRuntime(appState(Self.standups, selection: Self.standups[0].id))
    runtime.handle(.paste("jjjjaq"))
    #expect(runtime.state.standupsList.selection == Self.standups[0].id)
    #expect(runtime.state.standupsList.destination == nil)
    #expect(!runtime.isFinished)
  }
}

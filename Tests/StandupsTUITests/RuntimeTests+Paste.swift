import Clocks
import Foundation
import StandupsCore
import StandupsTUI
import TerminalApp
import TerminalUI
import Testing

extension RuntimeTests {
  @Test func pasteIntoTextField() {
    let (runtime, backend) = makeRuntime()
    runtime.press(.char("a"))
    runtime.handle(.paste("Week\u{1B}[31mly\nsync"))
    runtime.press(.home)
    runtime.handle(.paste("Our "))
    runtime.render()
    guard case .add(let form) = runtime.state.standupsList.destination else {
      Issue.record("no sheet")
      return
    }
    // Escape sequences are dropped and the line break becomes a space.
    #expect(form.standup.title == "Our Weekly sync")
    #expect(form.cursor == 4)
    #expect(backend.shows("Our Weekly sync"))
  }

  /// A list of names pasted into an attendee's field (lines of a
  /// spreadsheet column, blank lines and surrounding spaces left out) makes
  /// one attendee a line; in the title its lines are joined instead.
  @Test func pastingLinesIntoAnAttendeeAddsOneAttendeeALine() throws {
    let (runtime, backend) = makeRuntime()
    runtime.press(.char("a"))
    runtime.handle(.paste("Design\nreview"))
    runtime.press(.tab, .tab, .tab)
    runtime.handle(.paste("Ann\r\n  Bob\t\n\n\u{1B}[31mCarl\n"))
    runtime.render()
    let form = try #require(addForm(runtime))
    #expect(form.standup.title == "Design review")
    #expect(form.standup.attendees.map(\.name) == ["Ann", "Bob", "Carl"])
    #expect(form.focus == .attendee(form.standup.attendees[2].id))
    #expect(form.cursor == 4)
    #expect(backend.shows("1.  Ann") && backend.shows("2.  Bob") && backend.shows("3.  Carl"))

    // Typing goes on in the last one; one line pasted is text as before.
    runtime.handle(.paste(" Jr"))
    runtime.press(.char("!"))
    #expect(
      try #require(addForm(runtime)).standup.attendees.map(\.name) == ["Ann", "Bob", "Carl Jr!"])
  }

  @Test func namesPastedOntoANamedAttendeeGoAfterIt() throws {
    let (runtime, _) = makeRuntime()
    runtime.press(.char("a"))
    runtime.handle(.paste("Retro\n"))  // a copied line brings its line break
    runtime.press(.tab, .tab, .tab)
    runtime.handle(.paste("Grace\n"))
    var form = try #require(addForm(runtime))
    #expect(form.standup.title == "Retro")
    #expect(form.standup.attendees.map(\.name) == ["Grace"])
    #expect(form.cursor == 5)

    runtime.handle(.paste("Zoe\nYan\n"))
    form = try #require(addForm(runtime))
    #expect(form.standup.attendees.map(\.name) == ["Grace", "Zoe", "Yan"])
    #expect(form.focus == .attendee(form.standup.attendees[2].id))
    #expect(form.cursor == 3)
  }

  @Test func namesAreSavedWithoutSurroundingSpaces() throws {
    let (runtime, _) = makeRuntime()
    runtime.press(.char("a"))
    runtime.type("Retro")
    runtime.press(.tab, .tab, .tab)
    runtime.type("  Ann  ")
    runtime.press(.ctrl("s"))
    #expect(runtime.state.standupsList.standups.last?.attendees.map(\.name) == ["Ann"])
  }

  @Test func pasteOnListDoesNothing() {
    let (runtime, _) = makeRuntime(appState([.mock]))
    let before = runtime.state
    runtime.handle(.paste("aq"))
    #expect(runtime.state == before)
    #expect(!runtime.isFinished)
  }
}

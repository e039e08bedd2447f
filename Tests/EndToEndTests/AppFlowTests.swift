import Foundation
import StandupsApp
import StandupsCore
import Testing
import TmuxTesting

/// The app as a person uses it: real binary, real terminal (tmux), 80×24.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct AppFlowTests {
  /// Also with libdispatch's executors, the fallback to the app's `MainLoop`.
  @Test(arguments: ["", "platform"])
  func addAStandupWithTwoAttendeesAndSeeItInTheList(executors: String) async throws {
    let app = try AppSession(standups: nil, environment: ["STANDUPS_EXECUTORS": executors])
    try await app.session.waitForText("No standups yet.")
    try app.session.sendKeys("a")
    try await app.session.waitForText("New standup")
    try app.session.type("Retro")
    // Title → length → theme → first attendee.
    try app.session.sendKeys("Tab", "Tab", "Tab")
    try app.session.type("Alice")
    // Enter on the last attendee adds another one and moves to it.
    try app.session.sendKeys("Enter")
    try await app.session.waitForText("2.")
    try app.session.type("Bob")
    try app.session.sendKeys("C-s")
    try await app.session.waitForNoText("New standup")
    try await app.session.waitForText("Retro")
    try await app.session.waitForText("2 attendees")

    let saved = try await app.waitForSavedData("Retro") { $0.contains { $0.title == "Retro" } }
    #expect(saved?.first?.attendees.map(\.name) == ["Alice", "Bob"])
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
  }

  /// Ctrl-L draws the whole screen again, over what another program wrote.
  @Test func ctrlLRedrawsOverWhatAnotherProgramWrote() async throws {
    let app = try AppSession()
    try await app.session.waitForText("▌› Design")
    let tty = try app.session.tmuxCommand([
      "display-message", "-p", "-t", app.session.target, "#{pane_tty}",
    ]).trimmingCharacters(in: .whitespacesAndNewlines)
    let handle = try #require(FileHandle(forWritingAtPath: tty))
    handle.write(Data("\u{1B}[5;5HGARBAGE".utf8))
    try handle.close()
    try await app.session.waitForText("GARBAGE")
    try app.session.sendKeys("C-l")
    try await app.session.waitForScreen("the list drawn again, without the garbage") {
      !$0.contains("GARBAGE") && $0.contains("▌› Design")
    }
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
  }

  @Test func pastingIntoAFieldInsertsTheText() async throws {
    let app = try AppSession()
    try await app.openTheAddSheet()
    // A bracketed paste (tmux paste-buffer -p), escape sequence and all: it is
    // text for the field, never keys or terminal commands; the sequence is dropped.
    try app.session.tmuxCommand(["set-buffer", "Weekly \u{1B}[2J sync"])
    try app.session.tmuxCommand(["paste-buffer", "-p", "-t", app.session.target])
    try await app.session.waitForText("Weekly  sync")
    try app.session.sendKeys("C-s")
    try await app.session.waitForNoText("New standup")
    let saved = try await app.waitForSavedData("the pasted title") {
      $0.contains { $0.title == "Weekly  sync" }
    }
    #expect(saved != nil)
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
  }

  /// Ctrl-← and Ctrl-→ move by word in a field, whether the terminal's
  /// description lists them (tmux-256color) or not (screen-256color).
  @Test(arguments: ["tmux-256color", "screen-256color"])
  func ctrlArrowsMoveByWordInAField(term: String) async throws {
    let app = try AppSession(term: term)
    try await app.openTheAddSheet()
    try app.session.type("alpha beta gamma")
    try await app.session.waitForText("alpha beta gamma")
    try app.session.sendKeys("C-Left", "C-Left", "C-Right")
    try app.session.type("X")
    try await app.session.waitForText("alpha betaX gamma")
    try app.session.sendKeys("M-Left")
    try app.session.type("Y")
    try await app.session.waitForText("alpha YbetaX gamma")
    try await app.quitAndExpectSaneTerminal(keys: ["C-c", "C-c"])
  }

  @Test func escGoesBackWhileArrowsAndAltStillDecode() async throws {
    let app = try AppSession()
    try await app.session.waitForText("Design")
    // An arrow (an escape sequence) moves the selection rather than closing anything.
    try app.session.sendKeys("Down")
    try await app.session.waitForScreen("Engineering selected") {
      $0.contains("▌› Engineering")
    }
    try app.session.sendKeys("Enter")
    try await app.session.waitForText("Start meeting")
    // A lone Esc goes back (it is not taken as the start of a sequence)…
    try app.session.sendKeys("Escape")
    try await app.session.waitForText("2 standups")
    // …while Esc followed at once by a key is Alt+key, which the list ignores:
    // "a" must not open the add sheet. The "k" after it shows the keys were
    // handled (in an open sheet it would be typed into the title instead).
    try app.session.sendKeys("M-a")
    try app.session.sendKeys("k")
    try await app.session.waitForScreen("Design selected after alt+a, k") {
      $0.contains("▌› Design") && !$0.contains("New standup")
    }
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
  }

  @Test func escDismissesTheSheet() async throws {
    let app = try AppSession()
    try await app.openTheAddSheet()
    try app.session.sendKeys("Escape")
    try await app.session.waitForNoText("New standup")
    // Nothing was added.
    #expect(try app.screen().contains("2 standups"))
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
  }

  @Test func layoutFollowsResizesAndTooSmallRecovers() async throws {
    let app = try AppSession()
    try await app.session.waitForText("2 standups")
    try app.session.resize(width: 60, height: 20)
    // The header's right-hand count ends at the new right edge.
    try await app.session.waitForScreen("the header at 60 columns") { screen in
      let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
      guard let header = lines.first else { return false }
      let trimmed = header.reversed().drop { $0 == " " }.reversed()
      return lines.count >= 20 && trimmed.count == 59 && header.contains("2 standups")
    }
    try app.session.resize(width: 20, height: 6)
    try await app.session.waitForText("too small")
    try app.session.resize(width: 80, height: 24)
    try await app.session.waitForText("Engineering")
    #expect(try !app.screen().contains("too small"))
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
  }

  @Test func quitWithQLeavesAUsableShell() async throws {
    let app = try AppSession()
    try await app.session.waitForText("Design")
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
    // The app's screen is gone: the shell's output is what remains.
    let screen = try app.session.screen(history: true)
    #expect(screen.contains("EXIT=0"))
    #expect(!screen.contains("2 standups"))
  }

  @Test func recordAMeetingAndFindItsTranscript() async throws {
    let app = try AppSession()
    try await app.session.waitForText("Design")
    try app.session.sendKeys("Enter")
    try await app.session.waitForText("Start meeting")
    try app.session.sendKeys("s")
    try await app.session.waitForText("Speaker 1 of 2")
    try app.session.type("Finished the picker")
    try app.session.sendKeys("Enter")
    try await app.session.waitForText("Ada: Finished the picker")
    try app.session.sendKeys("C-n")
    try await app.session.waitForText("Speaker 2 of 2")
    try app.session.sendKeys("Escape")
    try await app.session.waitForText("End meeting?")
    try app.session.sendKeys("s")  // "Save and end"
    try await app.session.waitForNoText("End meeting?")
    try await app.session.waitForText("Start meeting")
    let saved = try await app.waitForSavedData("two meetings") { $0.first?.meetings.count == 2 }
    #expect(saved?.first?.meetings.first?.transcript == "Ada: Finished the picker")
    try await app.quitAndExpectSaneTerminal()
  }

  /// Quitting mid-meeting (ctrl+c, or the terminal closing: SIGHUP) keeps
  /// the meeting, its notes and the note being typed, as "Save and end" would.
  @Test(arguments: ["C-c", "SIGHUP"])
  func quittingWhileRecordingKeepsTheMeeting(how: String) async throws {
    let app = try AppSession(arguments: ["--open", "/1/record"])
    try await app.session.waitForText("Speaker 1 of 2")
    try app.session.type("Finished the picker")
    try app.session.sendKeys("Enter")
    try await app.session.waitForText("Ada: Finished the picker")
    try app.session.type("half typed")
    try await app.session.waitForText("half typed")
    if how == "C-c" {
      try await app.quitAndExpectSaneTerminal(keys: ["C-c"])
    } else {
      let pid = try #require(try app.session.programPID())
      kill(pid, SIGHUP)
      let status = try await app.session.waitForExit()
      #expect(status == 128 + Int(SIGHUP))
    }
    let saved = try #require(try DataFile(path: app.dataPath).load())
    #expect(
      saved.first?.meetings.first?.transcript == "Ada: Finished the picker\nAda: half typed")
    // Said, so that quitting mid-meeting is not taken for losing it.
    let said = try app.session.screen(history: true)
    #expect(
      said.contains("the meeting in progress was saved in “\(saved.first?.title ?? "?")”"),
      "\(said)")
  }

  /// Ctrl-C with a new standup typed into the add sheet says the standup is
  /// not saved; pressed again, it quits without it (the file keeps what it had).
  @Test func ctrlCInASheetWithChangesWarnsBeforeQuitting() async throws {
    let app = try AppSession()
    try await app.openTheAddSheet()
    try app.session.type("Retro")
    try await app.session.waitForText("Retro")
    try app.session.sendKeys("C-c")
    try await app.session.waitForText("Unsaved: ctrl+c again quits, ctrl+s saves the new standup")
    #expect(try app.session.programPID() != nil)
    try await app.quitAndExpectSaneTerminal(keys: ["C-c"])
    let saved = try #require(try DataFile(path: app.dataPath).load())
    #expect(!saved.contains { $0.title == "Retro" })
    #expect(saved.contains { $0.title == "Design" })
  }

  /// Esc with a new standup typed says what it would lose and keeps the
  /// sheet; Esc pressed twice in a row (one read: the terminal's two Esc
  /// bytes) discards it.
  @Test func escOnAChangedSheetWarnsBeforeDiscarding() async throws {
    let app = try AppSession()
    try await app.openTheAddSheet()
    try app.session.type("Retro")
    try await app.session.waitForText("Retro")
    try app.session.sendKeys("Escape")
    try await app.session.waitForText("Unsaved: esc again discards, ctrl+s saves the new standup")
    #expect(try app.screen().contains("New standup"))
    try app.session.type("s")
    try await app.session.waitForNoText("Unsaved")
    try app.session.sendKeys("Escape", "Escape")
    try await app.session.waitForNoText("New standup")
    #expect(try !app.screen().contains("Retro"))
    try await app.quitAndExpectSaneTerminal()
    let saved = try #require(try DataFile(path: app.dataPath).load())
    #expect(!saved.contains { $0.title.hasPrefix("Retro") })
  }

  @Test func deleteAStandupFromItsDetail() async throws {
    let app = try AppSession()
    try await app.session.waitForText("Design")
    try app.session.sendKeys("Enter")
    try await app.session.waitForText("Start meeting")
    try app.session.sendKeys("d")
    try await app.session.waitForText("Delete?")
    // The alert's keys are in the help bar, the screen's are not.
    try await app.session.waitForText("esc cancel")
    let helpBar = try #require(try app.session.rows().last)
    #expect(helpBar.contains("enter select • esc cancel"))
    #expect(!helpBar.contains("e edit"))
    try app.session.sendKeys("y")
    try await app.session.waitForText("1 standup")
    #expect(try !app.screen().contains("Design"))
    _ = try await app.waitForSavedData("only Engineering") { $0.map(\.title) == ["Engineering"] }
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
  }
}

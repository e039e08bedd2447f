import StandupsCore
import StandupsTUI
import TerminalApp
import TerminalUI
import Testing

extension RuntimeTests {
  /// One stray Esc does not throw a changed sheet away: the first says what
  /// would be lost, the second discards it. An untouched sheet closes at once.
  @Test func escOnAChangedEditSheetWarnsFirst() {
    let (runtime, backend) = makeRuntime(appState([.mock]))
    runtime.press(.enter, .char("e"), .escape)
    #expect(runtime.detail?.destination == nil)
    #expect(!backend.shows("Unsaved"))

    runtime.press(.char("e"))
    runtime.type("!")
    runtime.press(.escape)
    #expect(backend.shows("Unsaved: esc again discards, ctrl+s saves your changes to “Design”"))
    #expect(runtime.detail?.destination != nil)
    runtime.press(.escape)
    #expect(runtime.detail?.destination == nil)
    #expect(!backend.shows("Unsaved"))
    #expect(runtime.state.standupsList.standups.first?.title == "Design")
  }

  /// Typing or pasting after the warning takes it back (the text goes in):
  /// the next Esc warns again. The save key it offers saves.
  @Test func anyKeyAfterTheEscWarningTakesItBackAndCtrlSSaves() {
    let (runtime, backend) = makeRuntime(appState([.mock]))
    runtime.press(.enter, .char("e"))
    runtime.type("!")
    runtime.press(.escape)
    runtime.type("?")
    #expect(!backend.shows("Unsaved"))
    runtime.press(.escape)
    #expect(backend.shows("Unsaved: esc again discards"))
    runtime.handle(.paste("1"))
    runtime.render()
    #expect(!backend.shows("Unsaved"))
    runtime.press(.escape)
    #expect(runtime.detail?.destination != nil)
    runtime.press(.ctrl("s"))
    #expect(runtime.detail?.destination == nil)
    #expect(runtime.state.standupsList.standups.first?.title == "Design!?1")
  }

  /// A title left blank cannot be saved: the warning does not offer it.
  @Test func theEscWarningOfAnUntitledSheetOffersNoSave() {
    let (runtime, backend) = makeRuntime(appState([.mock]))
    runtime.press(.char("a"), .tab)
    runtime.type("Blob")
    runtime.press(.escape)
    #expect(backend.shows("Unsaved: esc again discards the new standup (it needs a title)"))
    runtime.press(.escape)
    #expect(runtime.state.standupsList.destination == nil)
    #expect(runtime.state.standupsList.standups.count == 1)
  }

  /// The notice asking to save an edit whose standup was deleted elsewhere
  /// waits behind the warning; discarding the edit makes it moot, and it
  /// is not shown after the sheet closed.
  @Test func aNoticeAboutTheDiscardedEditGoesWithIt() {
    let (runtime, backend) = makeRuntime(appState([.mock, .engineeringMock]))
    runtime.press(.enter, .char("e"))
    runtime.type("!")
    runtime.press(.escape)
    runtime.store.send(
      .app(
        .persistence(
          .changedElsewhere(
            stored: [.engineeringMock], base: [.mock, .engineeringMock], revision: 1))))
    #expect(runtime.store.state.queuedBanners.count == 1)
    runtime.render()
    #expect(backend.shows("Unsaved: esc again discards"))
    runtime.press(.escape)
    #expect(runtime.state.path.isEmpty)
    #expect(!backend.shows("saving keeps it"), "\(backend.lines)")
    #expect(backend.shows("“Design” was deleted elsewhere"))
  }

  /// Too small to show the sheet, the warning's "esc again discards" holds.
  @Test func theCancelKeyTheWarningOffersWorksWhileTooSmall() {
    let (runtime, backend) = makeRuntime(appState([.mock]), size: Size(width: 40, height: 12))
    runtime.press(.enter, .char("e"), .char("!"), .escape)
    let tooSmall = Size(width: 20, height: 6)
    backend.resize(to: tooSmall)
    runtime.handle(.resize(tooSmall))
    runtime.press(.escape)
    #expect(runtime.detail?.destination == nil)
    #expect(runtime.state.standupsList.standups.first?.title == "Design")
    // Without the warning, Esc does nothing there.
    runtime.press(.char("e"))
    #expect(runtime.detail?.destination == nil)
  }

  /// A long title is cut in the warning, which still says what it needs.
  @Test func theWarningCutsALongTitle() {
    var standup = Standup.mock
    standup.title = String(repeating: "Quarterly planning ", count: 5)
    let (runtime, backend) = makeRuntime(appState([standup]), size: Size(width: 60, height: 14))
    runtime.press(.enter, .char("e"), .ctrl("u"), .escape)
    #expect(backend.shows("(it needs a title)"), "\(backend.lines)")
    #expect(backend.shows("pl…” (it needs a title)"))
  }
}

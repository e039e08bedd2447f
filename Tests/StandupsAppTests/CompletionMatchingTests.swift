import Foundation
import StandupsCore
import Testing

@testable import AppCommandLine
@testable import StandupsApp

/// What `--open` completes against what was typed: titles in any case
/// (offered in the case typed), titles as typed rather than percent-encoded
/// (only what the route parser needs is), `~` in a `--data` on the line.
struct CompletionMatchingTests {
  static let standups: IdentifiedArrayOf<Standup> = [
    Standup(id: Standup.ID(uuid(1)), title: "Design"),
    Standup(id: Standup.ID(uuid(2)), title: "Café"),
    Standup(id: Standup.ID(uuid(3)), title: "Daily standup"),
    Standup(id: Standup.ID(uuid(4)), title: "R&D / ops 100%"),
    Standup(id: Standup.ID(uuid(5)), title: "new"),
    Standup(id: Standup.ID(uuid(6)), title: "?why"),
  ]

  func routes(_ prefix: String) -> [String] {
    RouteCompletion.routes(for: Self.standups, prefix: prefix)
  }

  /// Every route offered opens the standup it names.
  func opens(_ route: String) -> Bool {
    withDependencies {
      $0.uuid = .incrementing
    } operation: {
      (try? Route(parsing: route).state(for: Self.standups, newStandupID: { UUID() })) != nil
    }
  }

  @Test func aTitleCompletesWhateverTheCaseTyped() {
    #expect(
      routes("/d").filter { !$0.hasPrefix("/da") } == [
        "/design", "/design/edit", "/design/delete", "/design/record",
      ])
    #expect(routes("/DES") == ["/DESign", "/DESign/edit", "/DESign/delete", "/DESign/record"])
    #expect(routes("/D").contains("/Design"))
    #expect(routes("/?delete=d").contains("/?delete=design"))
    for route in routes("/") + routes("/d") + routes("/?delete=d") {
      #expect(opens(route), "\(route) does not open")
    }
  }

  @Test func aTitleIsOfferedAsTypedNotPercentEncoded() {
    #expect(routes("/Café") == ["/Café", "/Café/edit", "/Café/delete", "/Café/record"])
    #expect(routes("/caf").first == "/café")
    #expect(routes("/Daily s").first == "/Daily standup")
    #expect(opens("/Café") && opens("/Daily standup"))
  }

  @Test func whatTheRouteParserNeedsEncodedIs() {
    #expect(CompletionWords.encoded("R&D / ops 100%") == "R&D %2F ops 100%25")
    #expect(CompletionWords.encoded("?why") == "%3Fwhy")
    #expect(CompletionWords.encoded("a?b") == "a?b")
    #expect(CompletionWords.encoded(" pad ") == "%20pad%20")
    #expect(CompletionWords.encoded("line\nbreak") == "line%0Abreak")
    // What a terminal acts on: bidi controls, line and paragraph separators;
    // a joiner inside an emoji stays as it is.
    #expect(CompletionWords.encoded("\u{202E}evil") == "%E2%80%AEevil")
    #expect(CompletionWords.encoded("a\u{2028}b\u{2066}") == "a%E2%80%A8b%E2%81%A6")
    #expect(CompletionWords.encoded("👩\u{200D}💻") == "👩\u{200D}💻")
    #expect(routes("/R").first == "/R&D %2F ops 100%25")
    #expect(routes("/%3F").first == "/%3Fwhy")
    for route in routes("/") { #expect(opens(route), "\(route) does not open") }
  }

  @Test func aRouteThatWouldOpenSomethingElseIsNotOffered() {
    // "/new" is the new standup sheet: the standup titled "new" is reached by position.
    #expect(routes("/new") == ["/new"])
    #expect(routes("/N") == [])
    #expect(routes("/5/").contains("/5/edit"))
    // Nor is a route's own wording completed in another case.
    #expect(routes("/?DELETE=").isEmpty)
    #expect(routes("/1/EDIT").isEmpty)
  }

  @Test func theFilterRouteIsOffered() {
    #expect(routes("/").prefix(3) == ["/", "/?filter=", "/new"])
    #expect(routes("/?F") == [])
    #expect(routes("/?f") == ["/?filter="])
  }

  /// (End to end, with bash and a home directory of its own: `ToolsEndToEndTests`.)
  @Test func aTildeInTheDataOptionIsTheHomeDirectory() {
    #expect(CompletionWords.expandingTilde("~", home: "/h") == "/h")
    #expect(CompletionWords.expandingTilde("~/s.json", home: "/h") == "/h/s.json")
    #expect(CompletionWords.expandingTilde("/a/~/s.json", home: "/h") == "/a/~/s.json")
    #expect(CompletionWords.expandingTilde("s~.json", home: "/h") == "s~.json")
  }

  /// Zsh's script reads each line as `value:description`: a colon in a
  /// title (and a backslash, its escape) is escaped, or "/Sync: weekly"
  /// would be offered as "/Sync".
  @Test func forZshAColonAndABackslashAreEscaped() {
    #expect(CompletionWords.escapedForDescribe("/Sync: weekly") == #"/Sync\: weekly"#)
    #expect(CompletionWords.escapedForDescribe(#"/Back\slash"#) == #"/Back\\slash"#)
    #expect(CompletionWords.escapedForDescribe("/Design/edit") == "/Design/edit")
  }

  /// Bash and zsh give the word as typed: quotes and backslashes go.
  @Test func theTypedWordIsReadAsTheShellWillPassIt() {
    #expect(CompletionWords.unquoted(#"/O\'Brien\ \&"#) == "/O'Brien &")
    #expect(CompletionWords.unquoted(#""/O'Brien &"#) == "/O'Brien &")
    #expect(CompletionWords.unquoted(#"'/a\b'"#) == #"/a\b"#)
    #expect(CompletionWords.unquoted(#""/a\b\$""#) == #"/a\b$"#)
  }

  /// A word typed up to part of an emoji sequence (the woman of "woman
  /// technologist", a letter of a flag) still completes: matched by scalars.
  @Test func aWordEndingInsideAnEmojiSequenceCompletes() {
    let standups: IdentifiedArrayOf<Standup> = [
      Standup(id: Standup.ID(uuid(1)), title: "\u{1F469}\u{200D}\u{1F4BB} Dev \u{1F1EF}\u{1F1F5}")
    ]
    let woman = RouteCompletion.routes(for: standups, prefix: "/\u{1F469}")
    #expect(woman.first == "/\u{1F469}\u{200D}\u{1F4BB} Dev \u{1F1EF}\u{1F1F5}", "\(woman)")
    let halfFlag = RouteCompletion.routes(
      for: standups, prefix: "/\u{1F469}\u{200D}\u{1F4BB} Dev \u{1F1EF}")
    #expect(halfFlag.count == 4, "\(halfFlag)")
  }

  /// What bash inserts: the route's rest after the part of the word
  /// readline keeps, quoted as the word is there.
  @Test func bashGetsTheRestOfEachRouteQuotedForTheWord() {
    let route = "/O'Brien & co"
    #expect(
      BashCompletionWord.replacements(for: [route], typed: "/O", text: "/O")
        == [#"/O\'Brien\ \&\ co"#])
    #expect(
      BashCompletionWord.replacements(for: [route], typed: "'/O", text: "/O")
        == [#"/O'\''Brien & co"#])
    #expect(
      BashCompletionWord.replacements(for: [route + "/edit"], typed: #""/O'B"#, text: "/O'B")
        == [#"/O'Brien & co/edit"#])
    #expect(
      BashCompletionWord.replacements(
        for: ["/?delete=Caf\u{E9}"], typed: #"/\?delete=C"#, text: "C")
        == ["Caf\u{E9}"])
    #expect(BashCompletionWord.quoted(#"a"$`\b"#, inside: "\"") == #"a\"\$\`\\b"#)
  }

  /// Inside "…" a `!` would start history expansion: it goes in '…'.
  @Test func anExclamationMarkInDoubleQuotesIsNotExpanded() {
    #expect(BashCompletionWord.quoted("a!b", inside: "\"") == #"a"'!'"b"#)
    #expect(BashCompletionWord.quoted("!b", inside: "\"") == #"""'!'"b"#)
    #expect(BashCompletionWord.quoted("a!b", inside: nil) == #"a\!b"#)
  }

  /// Several routes whose quoted forms share a start ending inside an
  /// escape: their common start, quoted, goes with them, so what readline
  /// inserts is whole. The cursor inside the word: nothing is offered.
  @Test func whatSeveralRoutesShareIsInsertedWhole() {
    let replacements = BashCompletionWord.replacements(
      for: ["/Team sync", "/Team's retro"], typed: "/T", text: "/T")
    #expect(replacements == [#"/Team\ sync"#, #"/Team\'s\ retro"#, "/Team"])
    #expect(
      BashCompletionWord.replacements(for: ["/Design"], typed: "/Des", text: "/D").isEmpty)
  }
}

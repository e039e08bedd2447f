import Foundation
import StandupsApp
import StandupsCore
import Testing
import TmuxTesting

/// Routes come from the data file, which may be shared: bash completion
/// offers them as data, quoted for the command line, never expanded, and
/// reads what was typed with its quotes as the shell will pass it.
@Suite(.timeLimit(.minutes(3)))
struct CompletionQuotingTests {
  static let hostile = ["X$(echo ran >&2)", "Y`echo ran >&2`", "O'Brien & co"]

  func fixture() throws -> ToolsEndToEndTests.Fixture {
    let fixture = try ToolsEndToEndTests.Fixture()
    let standups = Self.hostile.enumerated().map { index, title in
      Standup(
        id: .init(UUID(uuidString: "CCCCCCCC-0000-0000-0000-00000000000\(index)")!), title: title)
    }
    try DataFile(path: fixture.data).save(IdentifiedArray(uniqueElements: standups))
    return fixture
  }

  /// A title that is a command substitution is offered, quoted, and not
  /// run (the fixture also expects nothing on stderr).
  @Test func aTitleIsNeverRunAsACommand() throws {
    let fixture = try fixture()
    #expect(
      try fixture.complete("standups --data \(fixture.data) --open /X")
        == [#"/X\$\(echo\ ran\ \>\&2\)"#]
        + ["edit", "delete", "record"].map {
          #"/X\$\(echo\ ran\ \>\&2\)/"# + $0
        })
    #expect(
      try fixture.complete("standups --data \(fixture.data) --open /Y").first
        == #"/Y\`echo\ ran\ \>\&2\`"#)
  }

  /// Quotes in a title are kept, and a word typed with backslashes or in
  /// quotes completes as the shell will read it.
  @Test func quotesInATitleAndInTheTypedWordAreKept() throws {
    let fixture = try fixture()
    let expected = #"/O\'Brien\ \&\ co"#
    #expect(try fixture.complete("standups --data \(fixture.data) --open /O").first == expected)
    // As bash splits the line: the typed word is one, quotes and all.
    let typed = #"/O\'Brien\ \&"#
    let words = ["standups", "--data", fixture.data, "--open", typed]
    #expect(
      try fixture.complete("standups --data \(fixture.data) --open \(typed)", words: words).first
        == expected)
    // After an opening quote readline replaces what follows it, and closes
    // the quote: the route's rest goes in quoted for it.
    for (typed, text, inside) in [
      (#""/O'Brien &"#, #"/O'Brien &"#, #"/O'Brien & co"#),
      (#"'/O"#, "/O", #"/O'\''Brien & co"#),
      // A second TAB in a word quoted twice: only the part after the last
      // quote is replaced.
      (#"'/O'\''Brien & co/e"#, "Brien & co/e", "Brien & co/edit"),
      (#""/O'Brien & co"/e"#, #""/O'Brien & co"/e"#, #"/O\'Brien\ \&\ co/edit"#),
      // Readline drops the first quote of a match right after an open one:
      // one more goes first, so the title's apostrophe survives.
      (#"/o'"#, "", #"''\''Brien & co"#),
      // A closed quote: the whole word is replaced, quoted with backslashes.
      (#"'/O'\''Brien & co'"#, #"'/O'\''Brien & co'"#, #"/O\'Brien\ \&\ co"#),
    ] {
      let line = "standups --data \(fixture.data) --open \(typed)"
      let words = ["standups", "--data", fixture.data, "--open", typed]
      #expect(
        try fixture.complete(line, words: words, text: text).first == inside, "\(typed)")
    }
  }

  /// A word completed with more words after it (TAB moved back to it):
  /// the word at the cursor is completed, not the line's last.
  @Test func aWordFollowedByOthersIsTheOneCompleted() throws {
    let fixture = try fixture()
    let words = ["standups", "render", "--data", fixture.data, "--open", "/O", "--ansi"]
    #expect(
      try fixture.complete(
        "standups render --data \(fixture.data) --open /O", words: words, text: "/O", word: 5
      ).first == #"/O\'Brien\ \&\ co"#)
  }

  /// A data file in a directory named with a `:` (a time): bash breaks the
  /// word there; the file name offered is readline's part of it only.
  @Test func aDataFileUnderADirectoryWithAColonCompletes() throws {
    let fixture = try fixture()
    let directory = fixture.directory.appendingPathComponent("10:00").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try DataFile(path: directory + "/s.json").save([])
    let head = fixture.directory.appendingPathComponent("10").path
    let words = ["standups", "--data", head, ":", "00/s"]
    let offered = try fixture.complete(
      "standups --data \(head):00/s", words: words, text: "00/s")
    #expect(offered == ["00/s.json"], "\(offered)")
  }

  /// Bash breaks words at `=` and `:`: the route is joined again, and only
  /// readline's part after the break is replaced. `--open=` completes too.
  @Test func aWordBrokenAtAnEqualsSignCompletesAsOneRoute() throws {
    let fixture = try fixture()
    let line = #"standups --data \#(fixture.data) --open /\?delete=O"#
    let words = ["standups", "--data", fixture.data, "--open", #"/\?delete"#, "=", "O"]
    #expect(try fixture.complete(line, words: words, text: "O") == [#"O\'Brien\ \&\ co"#])
    let afterEquals = ["standups", "--data", fixture.data, "--open", #"/\?delete"#, "="]
    #expect(
      try fixture.complete(
        #"standups --data \#(fixture.data) --open /\?delete="#, words: afterEquals, text: ""
      ).contains(#"O\'Brien\ \&\ co"#))
    let option = ["standups", "--data", fixture.data, "--open", "=", "/O"]
    #expect(
      try fixture.complete(
        "standups --data \(fixture.data) --open=/O", words: option, text: "/O"
      ).first == #"/O\'Brien\ \&\ co"#)
  }

  /// What bash inserts runs as the route it names: `render --open` with
  /// the completed word, as the shell reads it, opens that standup.
  @Test func theCompletedWordOpensTheStandup() throws {
    let fixture = try fixture()
    let word = try #require(
      try fixture.complete("standups --data \(fixture.data) --open /O").first)
    let binary = try #require(ToolsEndToEndTests.standups)
    let bash = try #require(Harness.executableInPath("bash"))
    let result = try Harness.run(
      bash,
      [
        "--norc", "--noprofile", "-c",
        "\"$1\" render --data \"$2\" --size 60x14 --open \(word)", "bash", binary, fixture.data,
      ], environment: TerminalSession.environment)
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("O'Brien & co"), "\(result.stdout)")
    #expect(result.stdout.contains("Start meeting"), "\(result.stdout)")
  }
}

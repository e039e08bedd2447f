import AppCommandLine
import ArgumentParser
import Foundation
import StandupsCore
import Testing

@testable import AppCommandLine
@testable import StandupsApp

/// `00000000-0000-0000-0000-0000000000nn`.
func uuid(_ n: Int) -> UUID {
  UUID(uuidString: "00000000-0000-0000-0000-" + String(format: "%012d", n))!
}

/// `--open` completes to routes into the user's data, read-only, honouring a
/// `--data` already on the line; the bash script completes an option at the
/// root as the default command's.
struct CompletionTests {
  let directory: String = {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("standups-completion-\(UUID().uuidString)").path
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }()

  /// Design (two meetings), two standups both titled "Retro" in different
  /// cases, one titled "42", one untitled, Engineering.
  static let standups: IdentifiedArrayOf<Standup> = [
    Standup(
      id: Standup.ID(uuid(1)),
      meetings: [
        Meeting(
          id: Meeting.ID(uuid(11)), date: Date(timeIntervalSince1970: 2_000), transcript: "b"),
        Meeting(
          id: Meeting.ID(uuid(12)), date: Date(timeIntervalSince1970: 1_000), transcript: "a"),
      ],
      title: "Design"),
    Standup(
      id: Standup.ID(uuid(2)),
      meetings: [
        Meeting(id: Meeting.ID(uuid(21)), date: Date(timeIntervalSince1970: 1_000), transcript: "c")
      ],
      title: "Retro"),
    Standup(id: Standup.ID(uuid(3)), title: "retro"),
    Standup(id: Standup.ID(uuid(4)), title: "42"),
    Standup(id: Standup.ID(uuid(5)), title: ""),
    Standup(id: Standup.ID(uuid(6)), title: "Engineering"),
  ]

  static func family(_ token: String, meetings: Int = 0) -> [String] {
    ["/\(token)", "/?delete=\(token)", "/\(token)/edit", "/\(token)/delete", "/\(token)/record"]
      + (0..<meetings).map { "/\(token)/meetings/\($0 + 1)" }
  }

  func writeData(_ standups: IdentifiedArrayOf<Standup> = Self.standups) throws -> String {
    let path = directory + "/standups.json"
    try DataFile(path: path).save(standups)
    return path
  }

  /// Every entry under the directory with its size and modification time.
  func snapshot() throws -> [String: String] {
    var entries: [String: String] = [:]
    for entry in try FileManager.default.subpathsOfDirectory(atPath: directory) {
      let attributes = try FileManager.default.attributesOfItem(atPath: directory + "/" + entry)
      let size = (attributes[.size] as? NSNumber)?.intValue ?? -1
      let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? -1
      let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
      entries[entry] = "\(size) \(modified) \(mode)"
    }
    return entries
  }

  @Test func everyRouteIntoTheDataInListOrder() throws {
    let path = try writeData()
    let candidates = RouteCompletion.candidates(
      words: ["standups", "--data", path, "--open", "/"], prefix: "/")
    let expected =
      ["/", "/?filter=", "/new"] + Self.family("1", meetings: 2)
      + Self.family("Design", meetings: 2)
      + Self.family("2", meetings: 1) + Self.family("3") + Self.family("4") + Self.family("5")
      + Self.family("6") + Self.family("Engineering")
    #expect(candidates == expected)
    #expect(RouteCompletion.routes(for: Self.standups, prefix: "/") == expected)
  }

  @Test(arguments: [
    (
      "/D",
      [
        "/Design", "/Design/edit", "/Design/delete", "/Design/record", "/Design/meetings/1",
        "/Design/meetings/2",
      ]
    ),
    (
      "/Design/",
      [
        "/Design/edit", "/Design/delete", "/Design/record", "/Design/meetings/1",
        "/Design/meetings/2",
      ]
    ),
    ("/Design/m", ["/Design/meetings/1", "/Design/meetings/2"]),
    ("/E", ["/Engineering", "/Engineering/edit", "/Engineering/delete", "/Engineering/record"]),
    ("/1/", ["/1/edit", "/1/delete", "/1/record", "/1/meetings/1", "/1/meetings/2"]),
    ("/2/meetings/", ["/2/meetings/1"]),
    ("/n", ["/new"]),
    ("/6/r", ["/6/record"]),
    ("/Design/meetings/3", []),
    ("/x", []),
  ])
  func prefixFilters(prefix: String, expected: [String]) {
    #expect(RouteCompletion.routes(for: Self.standups, prefix: prefix) == expected)
  }

  @Test func titlesTwoStandupsShareAreLeftOut() {
    let all = RouteCompletion.routes(for: Self.standups, prefix: "/")
    #expect(!all.contains { $0.lowercased().contains("retro") })
    #expect(RouteCompletion.routes(for: Self.standups, prefix: "/R").isEmpty)
    #expect(RouteCompletion.routes(for: Self.standups, prefix: "/r").isEmpty)
    // Still reachable by position.
    #expect(all.contains("/2/meetings/1"))
    #expect(all.contains("/3/record"))
    // A title of its own is offered again once the other one is gone.
    var unique = Self.standups
    unique.remove(id: Standup.ID(uuid(3)))
    #expect(
      RouteCompletion.routes(for: unique, prefix: "/R") == [
        "/Retro", "/Retro/edit", "/Retro/delete", "/Retro/record", "/Retro/meetings/1",
      ])
  }

  /// "Straße" and "STRASSE" are the same title to the route resolver
  /// (`caseInsensitiveCompare`), so neither names one standup.
  @Test func titlesEqualIgnoringCaseAsTheResolverComparesThemAreLeftOut() throws {
    let standups: IdentifiedArrayOf<Standup> = [
      Standup(id: Standup.ID(uuid(1)), title: "Straße"),
      Standup(id: Standup.ID(uuid(2)), title: "STRASSE"),
    ]
    let offered = RouteCompletion.routes(for: standups, prefix: "/")
    for route in offered {
      // Every route offered must open: a title route that is ambiguous does not.
      let opens = withDependencies {
        $0.uuid = .incrementing
      } operation: {
        (try? Route(parsing: route).state(for: standups, newStandupID: { UUID() })) != nil
      }
      #expect(opens, "\(route) does not open")
    }
    #expect(offered == ["/", "/?filter=", "/new"] + Self.family("1") + Self.family("2"))
  }

  @Test func aTitleThatIsANumberIsNotOfferedAsATitle() {
    let standups: IdentifiedArrayOf<Standup> = [
      Standup(id: Standup.ID(uuid(1)), title: "Alpha"),
      Standup(id: Standup.ID(uuid(2)), title: "1"),
      Standup(id: Standup.ID(uuid(3)), title: "42"),
    ]
    let all = RouteCompletion.routes(for: standups, prefix: "/")
    #expect(all.filter { $0 == "/1" }.count == 1)
    #expect(all.filter { $0 == "/?delete=1" }.count == 1)
    #expect(!all.contains("/42"))
    #expect(RouteCompletion.routes(for: standups, prefix: "/4").isEmpty)
    #expect(all.contains("/Alpha"))
    #expect(all.contains("/2/record"))
    #expect(all.contains("/3/record"))
    #expect(
      all == ["/", "/?filter=", "/new"] + Self.family("1") + Self.family("Alpha") + Self.family("2")
        + Self.family("3"))
  }

  @Test func meetingsAreOfferedByPosition() {
    let all = RouteCompletion.routes(for: Self.standups, prefix: "/")
    let meetings = all.filter { $0.contains("/meetings/") }
    #expect(
      meetings == [
        "/1/meetings/1", "/1/meetings/2", "/Design/meetings/1", "/Design/meetings/2",
        "/2/meetings/1",
      ])
    #expect(!all.contains { $0.contains("00000000") }, "no ids")
  }

  /// `/?delete=` is a route like the others: typing its start completes it.
  @Test(arguments: [
    ("/?delete=", ["/?delete=1", "/?delete=Design", "/?delete=2", "/?delete=3"]),
    ("/?delete=D", ["/?delete=Design"]),
    ("/?", ["/?filter=", "/?delete=1", "/?delete=Design", "/?delete=2", "/?delete=3"]),
    ("/?f", ["/?filter="]),
  ])
  func deleteFromListRoutesComplete(prefix: String, expected: [String]) {
    let standups = IdentifiedArrayOf(uniqueElements: Self.standups.prefix(3))
    #expect(RouteCompletion.routes(for: standups, prefix: prefix) == expected)
  }

  @Test func aDataOptionOnTheLineIsHonoured() throws {
    let path = try writeData()
    let expected = [
      "/Engineering", "/Engineering/edit", "/Engineering/delete", "/Engineering/record",
    ]
    for words in [
      ["standups", "--data", path, "--open", "/E"],
      ["standups", "run", "--data", path, "--open", "/E"],
      ["standups", "--data=\(path)", "--open", "/E"],
      ["standups", "export", "--data=\(path)", "--open", "/E"],
      ["standups", "--open", "/E", "--data", path],
    ] {
      #expect(RouteCompletion.candidates(words: words, prefix: "/E") == expected, "\(words)")
    }
    // Another file on the line: its standups, not these.
    let other = directory + "/other.json"
    try DataFile(path: other).save([Standup(id: Standup.ID(uuid(7)), title: "Ops")])
    #expect(
      RouteCompletion.candidates(words: ["standups", "--data", other, "--open", "/"], prefix: "/")
        == ["/", "/?filter=", "/new"] + Self.family("1") + Self.family("Ops"))
  }

  /// Bash splits `--data=FILE` at the `=` (it is in COMP_WORDBREAKS), so the
  /// words the script passes on are `--data`, `=`, `FILE`.
  @Test func aDataOptionWithEqualsAsBashSplitsItIsHonoured() throws {
    let path = try writeData()
    let words = ["standups", "--data", "=", path, "--open", "/E"]
    #expect(
      RouteCompletion.candidates(words: words, prefix: "/E") == [
        "/Engineering", "/Engineering/edit", "/Engineering/delete", "/Engineering/record",
      ])
  }

  enum Unreadable: String, CaseIterable {
    case missing, missingDirectory, corrupt, newerVersion, directory, empty
  }

  @Test(arguments: Unreadable.allCases)
  func aMissingOrUnreadableFileGivesTheListAndNewOnlyAndTouchesNothing(_ kind: Unreadable) throws {
    let fileManager = FileManager.default
    var path = directory + "/standups.json"
    switch kind {
    case .missing: break
    case .missingDirectory: path = directory + "/nested/deeper/standups.json"
    case .corrupt: try Data("{ not json".utf8).write(to: URL(fileURLWithPath: path))
    case .newerVersion:
      try Data(#"{ "version" : 999, "standups" : [] }"#.utf8).write(to: URL(fileURLWithPath: path))
    case .directory:
      try fileManager.createDirectory(atPath: path, withIntermediateDirectories: true)
    case .empty: try Data().write(to: URL(fileURLWithPath: path))
    }
    // A sibling, to see nothing else is touched either.
    try Data("keep".utf8).write(to: URL(fileURLWithPath: directory + "/notes.txt"))
    let before = try snapshot()
    let contentsBefore = fileManager.contents(atPath: path)

    for words in [
      ["standups", "--data", path, "--open", "/"], ["standups", "run", "--data=\(path)", "--open"],
    ] {
      #expect(RouteCompletion.candidates(words: words, prefix: "/") == ["/", "/?filter=", "/new"])
      #expect(RouteCompletion.candidates(words: words, prefix: "/n") == ["/new"])
      #expect(RouteCompletion.candidates(words: words, prefix: "/1").isEmpty)
    }

    let after = try snapshot()
    #expect(after == before)
    #expect(fileManager.contents(atPath: path) == contentsBefore)
    #expect(!after.keys.contains { $0.contains(".lock") || $0.contains(".unreadable-") })
    #expect(!fileManager.fileExists(atPath: directory + "/nested"))
  }

  @Test func aReadableFileIsNotLockedOrCopiedEither() throws {
    let path = try writeData()
    let before = try snapshot()
    #expect(
      RouteCompletion.candidates(words: ["standups", "--data", path, "--open", "/"], prefix: "/")
        .count > 2)
    #expect(try snapshot() == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["standups.json"])
  }

  // MARK: - The bash script

  @Test func theBashScriptDelegatesAnOptionAtTheRootToRun() throws {
    let parser = Standups.completionScript(for: .bash)
    let script = CompletionScript.script(for: .bash)
    #expect(script != parser, "the parser's script changed: the patch no longer applies")
    // In the parser's entry (`__standups_complete`, which `_standups`
    // wraps), before the root offers its own flags.
    #expect(script.contains("\n_standups() {"))
    #expect(script.contains("\ncomplete -o filenames -F _standups standups"))
    let root = try #require(script.range(of: "\n__standups_complete() {"))
    let end = try #require(script.range(of: "\n}\n", range: root.upperBound..<script.endIndex))
    let body = String(script[root.upperBound..<end.lowerBound])
    let delegation = try #require(body.range(of: "        _standups_run\n        return\n"))
    let offer = try #require(body.range(of: "__standups_offer_flags_options 0"))
    #expect(delegation.upperBound <= offer.lowerBound)
    #expect(body.contains(#"!= @(-h|--help|--version) ]]"#))
    #expect(script.contains("\n_standups_run() {"))
  }

  @Test func bashAtRootLeavesAScriptWithoutTheMarkerAlone() {
    let other = "_standups() {\n    __standups_offer_flags_options 1\n}\n"
    #expect(CompletionScripts.bashAtRoot(other, command: "standups") == other)
  }

  @Test func zshAndFishCompleteTheDefaultCommandsOptionsAtTheRoot() {
    let zsh = CompletionScript.script(for: .zsh)
    #expect(zsh != Standups.completionScript(for: .zsh))
    let root = zsh.components(separatedBy: "\n_standups() {").dropFirst().first ?? ""
    #expect(
      root.contains(
        #"if [[ "${words[2]}" == -* && "${words[2]}" != (-h|--help|--version) ]]; then"#))
    #expect(root.contains("        _standups_run\n"))

    let fish = CompletionScript.script(for: .fish)
    let parser = Standups.completionScript(for: .fish)
    // The root parses run's options, and offers them.
    #expect(!fish.contains("__standups_parse_subcommand 0 'version' 'h/help'"))
    #expect(parser.contains("__standups_parse_subcommand 0 'version' 'h/help'"))
    #expect(
      fish.contains(
        #"complete -c 'standups' -n '__standups_should_offer_completions_for_flags_or_options "standups" open' -l 'open'"#
      ))
    let runLines = parser.split(separator: "\n").filter {
      $0.contains(#"_or_options "standups run""#)
    }
    #expect(!runLines.isEmpty)
    for line in runLines {
      #expect(
        fish.contains(line.replacingOccurrences(of: #""standups run""#, with: #""standups""#)))
    }
  }
}

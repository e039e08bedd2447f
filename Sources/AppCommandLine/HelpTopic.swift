import ArgumentParser

extension ParsableCommand {
  /// The usage error for `help <topic>` (or `-h <topic>`, `--help <topic>`)
  /// when no command is called `topic` (ArgumentParser would print the root
  /// help, or with the flag the default command's, and succeed), or when
  /// words follow a command that has no commands of its own (they would be
  /// ignored); nil for anything else.
  public static func unknownHelpTopic(in arguments: [String]) -> String? {
    guard let first = arguments.first, first == "help" || helpFlags.contains(first),
      arguments.count > 1, !arguments[1].hasPrefix("-")
    else { return nil }
    let topic = arguments[1]
    // `help` is the parser's own command, not among the subcommands.
    guard topic != "help" else { return nil }
    guard hasSubcommand(topic) else {
      let shown = configuration.subcommands.filter { $0.configuration.shouldDisplay }.map {
        $0._commandName
      }
      return "no command is called '\(topic)' (commands: "
        + (shown + ["help"]).joined(separator: ", ") + ")"
    }
    guard arguments.count > 2, !arguments[2].hasPrefix("-") else { return nil }
    let extra = arguments[2]
    return "\(topic) has no commands of its own: '\(extra)' is not one"
  }

  static var helpFlags: Set<String> { ["-h", "--help"] }

  /// The usage error for a first word that is neither an option nor a
  /// command (`standups exprot`): the default command takes no words, so
  /// the parser would say only "Unexpected argument" under the default's
  /// usage. A command a letter or two away is suggested.
  public static func unknownCommand(in arguments: [String]) -> String? {
    guard let word = arguments.first, !word.hasPrefix("-"), word != "help",
      !hasSubcommand(word)
    else { return nil }
    let shown = configuration.subcommands.filter { $0.configuration.shouldDisplay }.map {
      $0._commandName
    }
    let near = shown.first { editDistance($0, word.lowercased()) <= 2 }
    return "'\(word)' is not a command"
      + (near.map { "; did you mean '\($0)'?" }
        ?? " (commands: " + (shown + ["help"]).joined(separator: ", ") + ")")
  }

  /// Letters to insert, delete or change to make `a` into `b`; a swap of
  /// two neighbours counts one.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let change = a[i - 1] == b[j - 1] ? 0 : 1
        table[i][j] = min(
          table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + change)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
        }
      }
    }
    return table[a.count][b.count]
  }

  /// `-h export` and `--help export` as `help export`: with a default
  /// subcommand the parser would take the flag for the default's and show
  /// its help, whatever subcommand follows. Help asked for with
  /// `--version` is the root's help, as `--help` alone is.
  public static func helpBeforeSubcommand(_ arguments: [String]) -> [String] {
    if arguments.count > 1, arguments.contains(where: helpFlags.contains),
      arguments.allSatisfy({ helpFlags.contains($0) || $0 == "--version" })
    {
      return ["--help"]
    }
    // Only the two words: with more, the parser says what is wrong.
    guard arguments.count == 2, helpFlags.contains(arguments[0]), hasSubcommand(arguments[1])
    else { return arguments }
    return ["help"] + arguments.dropFirst()
  }

  private static func hasSubcommand(_ name: String) -> Bool {
    configuration.subcommands.contains { $0._commandName == name }
  }

  /// Stops with either usage error (exit status 64), before anything runs.
  public static func rejectUnknownHelpTopic(
    in arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) {
    // After options, `help` is read as if first (see `subcommandMovedFirst`).
    let fromHelp =
      arguments.first?.hasPrefix("-") == true
      ? arguments.prefix { $0 != "--" }.firstIndex(of: "help").map { Array(arguments[$0...]) }
      : nil
    guard
      let message = unknownHelpTopic(in: arguments) ?? fromHelp.flatMap(unknownHelpTopic)
        ?? unknownCommand(in: arguments)
    else { return }
    exitSafely(withError: ValidationError(message))
  }
}

/// The usage error for an empty (or blank) `--open`: a script's unset
/// variable more often than a choice, and it would widen an export to
/// everything. `opensWithout` says what leaving the option out opens.
public func emptyRouteError(_ open: String?, opensWithout: String) -> ValidationError? {
  guard let open, open.allSatisfy(\.isWhitespace) else { return nil }
  return ValidationError("--open '\(open)' names no route; leave --open out for \(opensWithout)")
}

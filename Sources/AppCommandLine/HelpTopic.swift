import ArgumentParser

extension ParsableCommand {
  /// The usage error for `help <topic>` (or `-h <topic>`, `--help <topic>`)
  /// when no command is called `topic` (ArgumentParser would print the root
  /// help, or with the flag the default command's, and succeed); nil for
  /// anything else.
  public static func unknownHelpTopic(in arguments: [String]) -> String? {
    let isHelp =
      arguments.first == "help"
      || (arguments.count == 2 && ["-h", "--help"].contains(arguments.first))
    guard arguments.count > 1, isHelp, !arguments[1].hasPrefix("-") else {
      return nil
    }
    // `help` is the parser's own command, not among the subcommands.
    guard arguments[1] != "help", !hasSubcommand(arguments[1]) else { return nil }
    let shown = configuration.subcommands.filter { $0.configuration.shouldDisplay }.map {
      $0._commandName
    }
    return "no command is called '\(arguments[1])' (commands: "
      + (shown + ["help"]).joined(separator: ", ") + ")"
  }

  /// `-h export` and `--help export` as `help export`: with a default
  /// subcommand the parser would take the flag for the default's and show
  /// its help, whatever subcommand follows.
  public static func helpBeforeSubcommand(_ arguments: [String]) -> [String] {
    // Only the two words: with more, the parser says what is wrong.
    guard arguments.count == 2, ["-h", "--help"].contains(arguments[0]),
      hasSubcommand(arguments[1])
    else { return arguments }
    return ["help"] + arguments.dropFirst()
  }

  private static func hasSubcommand(_ name: String) -> Bool {
    configuration.subcommands.contains { $0._commandName == name }
  }

  /// Stops with that usage error (exit status 64), before anything runs.
  public static func rejectUnknownHelpTopic(
    in arguments: [String] = Array(CommandLine.arguments.dropFirst())
  ) {
    guard let message = unknownHelpTopic(in: arguments) else { return }
    exitSafely(withError: ValidationError(message))
  }
}

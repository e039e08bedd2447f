import ArgumentParser
import Foundation
import TerminalUI

/// `text` as it may go to a terminal: what it quotes from the user or a file
/// (a title, a path, an argument) can hold escape sequences and controls,
/// which are shown as placeholders (`Sanitizer.inert`) instead of being
/// obeyed by the terminal. Line breaks stay.
public func terminalSafe(_ text: String) -> String {
  text.split(separator: "\n", omittingEmptySubsequences: false)
    .map { Sanitizer.inert(String($0)) }.joined(separator: "\n")
}

/// Writes `message` to standard error, as `<program>: <message>`, made safe.
public func printError(_ message: String, program: String) {
  writeToStandardError(program + ": " + terminalSafe(message))
}

/// Ends the program on a problem of its environment (a variable), said in
/// one line with status 64: the command line was right, so no usage follows
/// (thrown from `validate`, the parser would add it, or with no subcommand
/// given, the whole root help).
public func exitOnEnvironmentProblem(_ message: String, program: String) -> Never {
  printError(message, program: program)
  exit(ExitCode.validationFailure.rawValue)
}

/// `line` and a line break on standard error; a closed or broken standard
/// error loses the line rather than stopping the program.
public func writeToStandardError(_ line: String) {
  _ = writeAll((line + "\n").utf8, to: STDERR_FILENO)
}

/// Writes all of `text` to standard output; why not, when it cannot (a full
/// disk, a closed descriptor), where `FileHandle` would trap.
public func writeToStandardOutput(_ text: some Collection<UInt8>) -> String? {
  writeAll(text, to: STDOUT_FILENO)
}

/// Prints `text` and a line break on standard output, or, when that fails (a
/// full disk, a closed pipe), says so on standard error as `<program>:` and
/// ends the program with status 1: output asked for and lost is a failure.
public func printOrExit(_ text: String, what: String, program: String) {
  if let problem = writeToStandardOutput((text + "\n").utf8) {
    writeToStandardError("\(program): cannot write \(what): \(problem)")
    Foundation.exit(ExitCode.failure.rawValue)
  }
}

func writeAll(_ text: some Collection<UInt8>, to descriptor: Int32) -> String? {
  var bytes = Array(text)[...]
  while !bytes.isEmpty {
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    if written > 0 {
      bytes = bytes.dropFirst(written)
    } else if written < 0, errno == EINTR {
      continue
    } else {
      return String(cString: strerror(written < 0 ? errno : EIO))
    }
  }
  return nil
}

extension ParsableCommand {
  /// As `exit(withError:)`, but an error's message (which quotes the
  /// arguments) made safe first; help and `--version` go to standard
  /// output as they are.
  public static func exitSafely(withError error: any Error) -> Never {
    let code = exitCode(for: error)
    let text = fullMessage(for: error)
    if !text.isEmpty {
      if code == .success {
        printOrExit(text, what: "to standard output", program: _commandName)
      } else {
        writeToStandardError(terminalSafe(text))
      }
    }
    Foundation.exit(code.rawValue)
  }
}

extension AsyncParsableCommand {
  /// As `main()`, with errors reported by `exitSafely(withError:)`.
  public static func mainSafely() async {
    do {
      var command = try await parseSubcommandFirst(
        helpBeforeSubcommand(Array(CommandLine.arguments.dropFirst())))
      if var command = command as? any AsyncParsableCommand {
        try await command.run()
      } else {
        try command.run()
      }
    } catch {
      exitSafely(withError: error)
    }
  }
}

extension AsyncParsableCommand {
  /// Parses `arguments`; where they do not parse and a subcommand's name
  /// follows options (`standups --data team.json export`), as they would be
  /// read with that name first. What that cannot parse is said of the
  /// subcommand the user named, not of the default one.
  static func parseSubcommandFirst(_ arguments: [String]) async throws -> any ParsableCommand {
    do {
      return try await asyncParseAsRoot(arguments)
    } catch {
      guard exitCode(for: error) != .success, let moved = subcommandMovedFirst(arguments) else {
        throw error
      }
      return try await asyncParseAsRoot(moved)
    }
  }

  /// `arguments` with the first subcommand name after leading options put
  /// first; nil when they begin with a subcommand or hold none before `--`.
  static func subcommandMovedFirst(_ arguments: [String]) -> [String]? {
    guard let first = arguments.first, first.hasPrefix("-") else { return nil }
    let names = Set(configuration.subcommands.map { $0._commandName })
    let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
    guard let index = arguments[..<end].firstIndex(where: names.contains) else { return nil }
    var moved = arguments
    moved.remove(at: index)
    return [arguments[index]] + moved
  }
}

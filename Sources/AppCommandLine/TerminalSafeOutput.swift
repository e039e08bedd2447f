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
  /// read with that name first. A name may be an option's value
  /// (`--data render export`): the last one whose reading parses is taken,
  /// and what none can parse is said of the last, not of the default
  /// command.
  static func parseSubcommandFirst(_ arguments: [String]) async throws -> any ParsableCommand {
    do {
      return try await asyncParseAsRoot(arguments)
    } catch {
      let readings = subcommandMovedFirst(arguments)
      guard exitCode(for: error) != .success, !readings.isEmpty else { throw error }
      var firstError: (any Error)?
      for reading in readings {
        do {
          return try await asyncParseAsRoot(reading)
        } catch {
          if firstError == nil { firstError = error }
        }
      }
      throw firstError ?? error
    }
  }

  /// `arguments` read with each subcommand name after leading options put
  /// first, the last name first; none when they begin with a subcommand or
  /// hold none before `--`. Last, `help` and what follows it
  /// (`standups --data x help export` is `standups help export`): options
  /// change nothing in help.
  static func subcommandMovedFirst(_ arguments: [String]) -> [[String]] {
    guard let first = arguments.first, first.hasPrefix("-") else { return [] }
    let names = Set(configuration.subcommands.map { $0._commandName })
    let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
    var readings = arguments[..<end].indices.reversed().filter { names.contains(arguments[$0]) }
      .map {
        var moved = arguments
        moved.remove(at: $0)
        return [arguments[$0]] + moved
      }
    if let help = arguments[..<end].lastIndex(of: "help") {
      readings.append(Array(arguments[help..<end]))
    }
    return readings
  }
}

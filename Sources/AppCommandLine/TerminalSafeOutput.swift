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
  FileHandle.standardError.write(Data((program + ": " + terminalSafe(message) + "\n").utf8))
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
        print(text)
      } else {
        FileHandle.standardError.write(Data((terminalSafe(text) + "\n").utf8))
      }
    }
    Foundation.exit(code.rawValue)
  }
}

extension AsyncParsableCommand {
  /// As `main()`, with errors reported by `exitSafely(withError:)`.
  public static func mainSafely() async {
    do {
      var command = try parseAsRoot()
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

import Foundation

/// The sections of a manual page the argument parser cannot write (keys,
/// routes, environment, files, exit statuses), and how they join the page
/// `generate-manual` made: hidden commands dropped, these inserted in mdoc
/// order.
public struct Manual: Sendable {
  public typealias Item = (term: String, text: String)

  public var keys: [(screen: String, items: [Item])]
  public var routes: [Item]
  public var environment: [Item]
  public var files: [Item]
  public var exitStatuses: [Item]

  public init(
    keys: [(screen: String, items: [Item])], routes: [Item], environment: [Item],
    files: [Item], exitStatuses: [Item]
  ) {
    self.keys = keys
    self.routes = routes
    self.environment = environment
    self.files = files
    self.exitStatuses = exitStatuses
  }

  /// What the terminal side of both apps reads: the locale (`setlocale`) and
  /// ncurses (`newterm`). ncurses(3X) lists the rarer variables it reads.
  public static let terminalEnvironment: [Item] = [
    (
      "TERM",
      "the terminal type; a terminal that cannot move its cursor is refused (ncurses(3X) lists the other variables ncurses reads)"
    ),
    ("TERMINFO", "read by ncurses: a directory of terminal descriptions, searched first"),
    ("TERMINFO_DIRS", "read by ncurses: more directories of terminal descriptions"),
    (
      "LC_ALL",
      "the locale's character set, which decides how text reaches the terminal (UTF-8 for wide characters and line drawing; with none of these set, or C or POSIX, UTF-8); overrides LC_CTYPE and LANG"
    ),
    ("LC_CTYPE", "the character set, when LC_ALL is not set"),
    ("LANG", "the locale, when neither LC_ALL nor LC_CTYPE is set"),
    (
      "ESCDELAY",
      "read by ncurses, then overridden: Esc alone is told from the start of a key sequence after 25 ms"
    ),
    (
      "LINES",
      "ignored: the size comes from the terminal itself (TIOCGWINSZ), not from ncurses' LINES"
    ),
    ("COLUMNS", "ignored, as LINES"),
  ]

  /// `generated` (the parser's page) with these sections in, and the
  /// subcommands whose names start with `hiddenPrefix` out.
  public func page(from generated: String, hiddenPrefix: String = "debug-") -> String {
    var lines = Self.droppingHidden(
      generated.split(separator: "\n", omittingEmptySubsequences: false).map(String.init),
      prefix: hiddenPrefix)
    // generate-manual breaks the paragraph before an option's list of values
    // even when it has no descriptions to list (`--format`): a break before
    // the next item or the list's end separates nothing.
    lines = lines.indices.filter { index in
      lines[index] != ".Pp" || index + 1 == lines.count
        || !(lines[index + 1].hasPrefix(".It ") || lines[index + 1] == ".El")
    }.map { lines[$0] }
    // The parser's own EXIT STATUS (`.Ex -std`) is replaced by ours.
    if let exit = lines.firstIndex(where: { $0.hasPrefix(".Sh \"EXIT STATUS\"") }) {
      var end = exit + 1
      while end < lines.count, !lines[end].hasPrefix(".Sh ") { end += 1 }
      lines.removeSubrange(exit..<end)
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    var sections: [String] = []
    sections += [".Sh KEYS"]
    for (screen, items) in keys where !items.isEmpty {
      sections += [".Ss \(Self.escape(screen))"] + Self.list(items, term: "Cm")
    }
    sections += [".Sh ROUTES"] + Self.list(routes, term: "Li")
    sections += [".Sh ENVIRONMENT"] + Self.list(environment, term: "Ev")
    sections += [".Sh FILES"] + Self.list(files, term: "Pa")
    sections += [".Sh \"EXIT STATUS\""] + Self.list(exitStatuses, term: "Sy")
    // After DESCRIPTION, before any later section the parser wrote.
    let after = lines.firstIndex { $0.hasPrefix(".Sh ") && !Self.leading.contains($0) }
    lines.insert(contentsOf: sections, at: after ?? lines.count)
    return lines.joined(separator: "\n") + "\n"
  }

  private static let leading: Set<String> = [".Sh NAME", ".Sh SYNOPSIS", ".Sh DESCRIPTION"]

  private static func list(_ items: [Item], term macro: String) -> [String] {
    [".Bl -tag -width Ds -compact"]
      + items.flatMap { [".It \(macro) \(quoted($0.term))", escape($0.text)] } + [".El"]
  }

  /// Drops `.It Em <prefix>…` entries with their nested lists.
  private static func droppingHidden(_ lines: [String], prefix: String) -> [String] {
    var result: [String] = []
    var index = 0
    while index < lines.count {
      let line = lines[index]
      guard line.hasPrefix(".It Em \(prefix)") else {
        result.append(line)
        index += 1
        continue
      }
      index += 1
      var depth = 0
      while index < lines.count {
        let next = lines[index]
        if depth == 0, next.hasPrefix(".It ") || next == ".El" { break }
        if next.hasPrefix(".Bl") { depth += 1 }
        if next == ".El" { depth -= 1 }
        index += 1
      }
    }
    return result
  }

  /// A macro argument: quoted when it has spaces, quotes doubled.
  static func quoted(_ text: String) -> String {
    let escaped = escape(text).replacingOccurrences(of: "\"", with: "\"\"")
    let needsQuotes = escaped.contains(" ") || escaped.contains("\"") || escaped.isEmpty
    return needsQuotes ? "\"\(escaped)\"" : escaped
  }

  /// Text that roff takes literally: backslashes escaped, no line starting
  /// with a control character.
  static func escape(_ text: String) -> String {
    let escaped = text.replacingOccurrences(of: "\\", with: "\\e")
    return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
  }
}

import Foundation
import StandupsCore
import TerminalUI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standups and their meetings as Markdown: what `standups export` prints, and
/// what a copy to the clipboard will carry (one standup, or one meeting under
/// its standup's heading). Pure functions of their arguments.
///
/// ```
/// # Design
/// 10 min · Orange · Ada, Grace, Linus, Margaret
///
/// ## 2026-11-20 09:30
/// - **Ada:** Finished the colour picker.
/// - **Grace:** Reviewing the new onboarding copy.
/// ```
///
/// Meetings come newest first, dated in local time; each transcript line is a
/// list item, in its order, its speaker tag ("Name: text", as `RecordMeeting`
/// writes it) in bold. Several standups follow one another, a blank line
/// apart; the text ends with a line break (an empty selection is "").
///
/// User text (titles, names, notes) is first made inert as on screen
/// (`Sanitizer.inert`: escape sequences, controls and bidi overrides become
/// visible placeholders, tabs and line breaks a space), trimmed, then escaped
/// for Markdown (see `escaped(_:startsBlock:)`), so it shows as typed and can
/// neither format nor restructure the document.
public enum MarkdownExport {
  /// All of `standups`, in their order, a blank line apart.
  /// `since`: the day the meetings were selected from (`selecting`), for
  /// what a standup with none since then says.
  public static func markdown(
    standups: some Sequence<Standup>, timeZone: LocalTime, since: Day? = nil
  ) -> String {
    standups.map {
      section($0, meetings: Array($0.meetings), timeZone: timeZone, since: since)
    }.joined(separator: "\n")
  }

  /// One standup: its heading, length, theme and attendees, then its meetings.
  public static func markdown(standup: Standup, timeZone: LocalTime) -> String {
    section(standup, meetings: Array(standup.meetings), timeZone: timeZone)
  }

  /// One meeting, under its standup's heading.
  public static func markdown(meeting: Meeting, of standup: Standup, timeZone: LocalTime)
    -> String
  {
    section(standup, meetings: [meeting], timeZone: timeZone)
  }

  /// `standups` with only the meetings held on `day` or later (local dates);
  /// every standup stays, with its meetings in their stored order.
  public static func selecting(
    _ standups: IdentifiedArrayOf<Standup>, since day: Day, timeZone: LocalTime
  ) -> IdentifiedArrayOf<Standup> {
    var selection = standups
    for index in selection.indices {
      selection[index].meetings.removeAll { timeZone.components(of: $0.date).day < day }
    }
    return selection
  }

  // MARK: - Local time

  /// How a meeting's date becomes a local date and time.
  public enum LocalTime: Sendable {
    /// The process's time zone as the C library sees it (`localtime_r`): `TZ`
    /// in any form it takes (`Europe/Paris`, `:Europe/Paris`, `JST-9`), else
    /// the system's.
    case process
    /// A given time zone (tests, or a view's render environment).
    case zone(TimeZone)

    /// `date` on this clock, to the minute.
    public func components(of date: Date) -> DateTime {
      let seconds = date.timeIntervalSince1970.rounded(.down)
      var time = time_t(max(-1e15, min(1e15, seconds.isFinite ? seconds : 0)))
      var parts = tm()
      switch self {
      case .process:
        _ = localtime_r(&time, &parts)
      case .zone(let zone):
        time += time_t(zone.secondsFromGMT(for: date))
        _ = gmtime_r(&time, &parts)
      }
      return DateTime(
        day: Day(
          year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday)),
        hour: Int(parts.tm_hour), minute: Int(parts.tm_min))
    }
  }

  /// A local date and time to the minute: "2026-11-20 09:30".
  public struct DateTime: Equatable, Sendable, CustomStringConvertible {
    public var day: Day
    public var hour: Int
    public var minute: Int

    public var description: String {
      "\(day) \(twoDigits(hour)):\(twoDigits(minute))"
    }
  }

  /// A calendar date (proleptic Gregorian), as `--since` takes it: "2026-11-20".
  public struct Day: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init(year: Int, month: Int, day: Int) {
      self.year = year
      self.month = month
      self.day = day
    }

    /// Exactly `YYYY-MM-DD`, a real date (no 2026-02-30); nil otherwise.
    public init?(parsing text: String) {
      let bytes = Array(text.utf8)
      let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
      guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
        bytes.enumerated().allSatisfy({ $0.offset == 4 || $0.offset == 7 || isDigit($0.element) })
      else { return nil }
      let number = { (range: Range<Int>) in
        bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
      }
      let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
      guard (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, of: year)
      else { return nil }
      self.init(year: year, month: month, day: day)
    }

    public static func < (lhs: Day, rhs: Day) -> Bool {
      (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public var description: String {
      let year = String(year)
      return String(repeating: "0", count: max(0, 4 - year.count)) + year + "-"
        + twoDigits(month) + "-" + twoDigits(day)
    }

    static func days(inMonth month: Int, of year: Int) -> Int {
      switch month {
      case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
      case 4, 6, 9, 11: 30
      default: 31
      }
    }
  }

  // MARK: - Formatting

  private static func section(
    _ standup: Standup, meetings: [Meeting], timeZone: LocalTime, since: Day? = nil
  ) -> String {
    let title = escaped(standup.title, startsBlock: false)
    var lines = ["# " + (title.isEmpty ? "Untitled" : title)]
    let names = standup.attendees.map { escaped($0.name, startsBlock: false) }
      .filter { !$0.isEmpty }
    lines.append(
      ([standup.lengthText, standup.theme.name]
        + (names.isEmpty ? [] : [names.joined(separator: ", ")]))
        .joined(separator: " · "))
    if meetings.isEmpty {
      lines += ["", since.map { "_No meetings since \($0)._" } ?? "_No meetings._"]
    }
    // Newest first; meetings at the same moment keep their stored order.
    let ordered = meetings.enumerated().sorted {
      $0.element.date != $1.element.date ? $0.element.date > $1.element.date : $0.offset < $1.offset
    }
    for (_, meeting) in ordered {
      lines += ["", "## \(timeZone.components(of: meeting.date))"]
      // Who was there, where the meeting kept it (older ones did not).
      let roster = (meeting.attendees ?? []).map { escaped($0, startsBlock: false) }
        .filter { !$0.isEmpty }
      if !roster.isEmpty { lines += ["Attendees: " + roster.joined(separator: ", "), ""] }
      // Whoever was on the meeting's roster is bold, though gone since.
      let speakers = meeting.attendeeNames(in: standup).filter { !$0.isEmpty }
        .sorted { $0.count > $1.count }
      let items = transcriptItems(meeting.transcript, speakers: speakers)
      lines += items.isEmpty ? ["_No notes._"] : items
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// One list item per non-blank line. A line is split at "\n", "\r\n" or
  /// "\r" (the screen splits at "\n" only and shows a stray "\r" as a space).
  private static func transcriptItems(_ transcript: String, speakers: [String]) -> [String] {
    transcript.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
      .compactMap { line -> String? in
        let (speaker, note) = split(String(line), speakers: speakers)
        // A tag that shows as nothing (an attendee named " ") is no tag.
        guard let name = speaker.map({ escaped($0, startsBlock: false) }), !name.isEmpty else {
          let text = escaped(String(line), startsBlock: true)
          return text.isEmpty ? nil : "- " + text
        }
        let text = escaped(note, startsBlock: false)
        return "- **\(name):**" + (text.isEmpty ? "" : " " + text)
      }
  }

  /// A line's speaker tag and note. The tag is an attendee's name followed by
  /// ":" (the longest that fits, so a name may hold ": "), else whatever comes
  /// before the first ": " (a former attendee, or "?" when nobody spoke) as
  /// long as it neither starts nor ends with a space; no tag otherwise.
  static func split(_ line: String, speakers: [String]) -> (speaker: String?, note: String) {
    for name in speakers where line.hasPrefix(name + ":") {
      let rest = line.dropFirst(name.count + 1)
      if rest.isEmpty { return (name, "") }
      if rest.first == " " { return (name, String(rest.dropFirst())) }
    }
    guard let colon = line.range(of: ": ") else { return (nil, line) }
    let tag = line[..<colon.lowerBound]
    guard let first = tag.first, let last = tag.last, !first.isWhitespace, !last.isWhitespace
    else { return (nil, line) }
    return (String(tag), String(line[colon.upperBound...]))
  }

  /// The Markdown punctuation escaped wherever it appears: emphasis (`*`,
  /// `_`), strikethrough (`~`), code (`` ` ``), links and images (`[`, `]`),
  /// headings (`#`), HTML, autolinks and block quotes (`<`, `>`), tables
  /// (`|`) and the backslash itself.
  private static let alwaysEscaped: Set<Unicode.Scalar> = [
    "\\", "`", "*", "_", "[", "]", "#", "<", ">", "|", "~",
  ]

  /// `text` made inert (`Sanitizer.inert`), trimmed of spaces (leading ones
  /// would indent into a code block, trailing ones make a hard break), then
  /// escaped with a backslash, which CommonMark allows before any ASCII
  /// punctuation: the characters in `alwaysEscaped`; `&` when it starts what
  /// reads as an entity (`&amp;`, `&#169;`, `&#xA9;`: "Q&A" stays); and, when the text
  /// starts a block (a list item's first words), a leading `-` or `+` and the
  /// `.` or `)` after leading digits, which would start a list. `=`, `(`, `)`
  /// and `!` are left alone: without the rest escaped they mean nothing.
  static func escaped(_ text: String, startsBlock: Bool) -> String {
    let inert = Sanitizer.inert(text).trimmingCharacters(in: .whitespaces)
    let scalars = Array(inert.unicodeScalars)
    var out = String.UnicodeScalarView()
    // Where leading digits end, when the text starts a block.
    let digits = startsBlock ? scalars.prefix { ("0"..."9").contains($0) }.count : 0
    for (index, scalar) in scalars.enumerated() {
      let escapes =
        alwaysEscaped.contains(scalar)
        || (scalar == "&" && startsEntity(scalars[(index + 1)...]))
        || (startsBlock && index == 0 && (scalar == "-" || scalar == "+"))
        || (digits > 0 && index == digits && (scalar == "." || scalar == ")"))
      if escapes { out.append("\\") }
      out.append(scalar)
    }
    return String(out)
  }
}

/// Whether `rest` (what follows a `&`) makes it an entity reference: a name
/// or a decimal or hex number, then `;`.
private func startsEntity(_ rest: ArraySlice<Unicode.Scalar>) -> Bool {
  var rest = rest[...]
  let isLetter = { (s: Unicode.Scalar) in s.isASCII && s.properties.isAlphabetic }
  if rest.first == "#" {
    rest = rest.dropFirst()
    if rest.first == "x" || rest.first == "X" { rest = rest.dropFirst() }
  }
  let name = rest.prefix { isLetter($0) || ("0"..."9").contains($0) }
  return !name.isEmpty && rest.dropFirst(name.count).first == ";"
}

private func twoDigits(_ value: Int) -> String {
  value < 10 && value >= 0 ? "0\(value)" : "\(value)"
}

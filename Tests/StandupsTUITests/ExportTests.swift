import Foundation
import Testing
import TextSnapshotTesting

@testable import StandupsCore
@testable import StandupsTUI

/// `MarkdownExport`: the Markdown `standups export` prints (golden files in
/// `__Snapshots__/ExportTests/*.md`, re-recorded by `make snapshots`), its
/// escaping, its dates and `--since`, and the JSON export's round trip.
struct ExportTests {
  // MARK: Golden files

  @Test func oneStandupWithMeetings() {
    let markdown = MarkdownExport.markdown(standup: design, timeZone: utcTime)
    assertMarkdown(markdown, named: "design")
    // Newest first, whatever the stored order; an empty transcript says so.
    let headings = markdown.split(separator: "\n").filter { $0.hasPrefix("## ") }
    #expect(headings == ["## 2026-11-20 09:30", "## 2026-11-19 09:30", "## 2026-11-18 23:30"])
    #expect(markdown.hasSuffix("## 2026-11-18 23:30\n_No notes._\n"))
    #expect(markdown.hasPrefix("# Design\n10 min · Orange · Ada, Grace, Linus, Margaret\n\n"))
  }

  @Test func severalStandups() {
    let markdown = MarkdownExport.markdown(standups: [design, engineering], timeZone: utcTime)
    assertMarkdown(markdown, named: "several")
    #expect(
      markdown
        == MarkdownExport.markdown(standup: design, timeZone: utcTime) + "\n"
        + MarkdownExport.markdown(standup: engineering, timeZone: utcTime))
    #expect(
      markdown.hasSuffix("# Engineering\n15 min · Periwinkle · Dennis, Barbara\n\n_No meetings._\n")
    )
    #expect(MarkdownExport.markdown(standups: [], timeZone: utcTime) == "")
  }

  @Test func oneMeeting() {
    let meeting = design.meetings[id: .init(202)]!
    let markdown = MarkdownExport.markdown(meeting: meeting, of: design, timeZone: utcTime)
    assertMarkdown(markdown, named: "meeting")
    #expect(
      markdown == """
        # Design
        10 min · Orange · Ada, Grace, Linus, Margaret

        ## 2026-11-20 09:30
        - **Ada:** Finished the colour picker.
        - **Grace:** Reviewing the new onboarding copy.
        - **Bob:** Back from holiday.
        - Remember the retro on Friday.
        - **?:** Nobody was speaking.

        """)
  }

  @Test func sinceKeepsMeetingsOnOrAfterTheLocalDate() throws {
    let since = try #require(MarkdownExport.Day(parsing: "2026-11-19"))
    let standups: IdentifiedArrayOf<Standup> = [design, engineering]
    let inUTC = MarkdownExport.selecting(standups, since: since, timeZone: utcTime)
    assertMarkdown(
      MarkdownExport.markdown(standups: inUTC, timeZone: utcTime, since: since), named: "since")
    // 23:30 UTC on the 18th is before the 19th in UTC…
    #expect(inUTC[id: design.id]?.meetings.ids.elements == [.init(201), .init(202)])
    // …and 00:30 on the 19th in Paris: inclusive.
    let inParis = MarkdownExport.selecting(standups, since: since, timeZone: parisTime)
    #expect(inParis[id: design.id]?.meetings.ids.elements == [.init(201), .init(202), .init(203)])
    // Every standup stays, with its other fields as they were.
    #expect(inUTC.ids == standups.ids)
    #expect(inUTC[id: engineering.id] == engineering)
    let later = MarkdownExport.selecting(
      standups, since: try #require(MarkdownExport.Day(parsing: "2026-11-21")), timeZone: utcTime)
    #expect(later.allSatisfy { $0.meetings.isEmpty })
  }

  @Test func hostileStringsAreInertAndEscaped() {
    let markdown = MarkdownExport.markdown(standup: hostile, timeZone: utcTime)
    assertMarkdown(markdown, named: "hostile")
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // Nothing that changes a terminal's state, nothing that reorders a row.
    let forbidden = markdown.unicodeScalars.filter {
      ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
        || [0x061C, 0x200E, 0x200F].contains($0.value) || (0x202A...0x202E).contains($0.value)
        || (0x2066...0x2069).contains($0.value)
    }
    #expect(forbidden.isEmpty, "\(forbidden.map { String($0.value, radix: 16) })")
    #expect(
      lines[0] == ##"# \# ␛\[31mRed␛\[0m \*alert\* \_now\_ \[x\](y) \<b\>\|\~\`\\"##)
    #expect(lines[1] == #"5 min · Navy · Ada�evil, 李雷 🚀, -dash, \*star\*"#)
    let expectedItems = [
      #"- **Ada�evil:** ␛\]0;title␇hello"#,
      "- **李雷 🚀:** 你好 👋🏽 emoji",
      #"- \- not a list"#,
      #"- 1\. not ordered"#,
      #"- 2026\) nope"#,
      #"- \+ plus"#,
      #"- \> quote"#,
      ##"- \# not heading"##,
      #"- \&amp; entity & fine"#,
      "- Trailing spaces",
      "- indented code",
      "- Tab",
      #"- \*\*\*"#,
      #"- \[link\](http://x) !\[img\](y) \<http://auto\>"#,
      #"- a \| b \| c"#,
      #"- \~\~strike\~\~"#,
      #"- \`code\`"#,
      #"- back\\slash"#,
      "- �31m C1 CSI",
      "- line",
      "- with CRLF",
      "- ␡del ␀nul",
    ]
    #expect(Array(lines.dropFirst(4).prefix(expectedItems.count)) == expectedItems)
    #expect(lines.count == 4 + expectedItems.count + 1)
  }

  // MARK: Dates

  @Test func theTimeZoneChangesTheDates() {
    let utc = MarkdownExport.markdown(standup: design, timeZone: utcTime)
    let paris = MarkdownExport.markdown(standup: design, timeZone: parisTime)
    #expect(utc.contains("## 2026-11-20 09:30") && !utc.contains("## 2026-11-20 10:30"))
    #expect(paris.contains("## 2026-11-20 10:30") && !paris.contains("## 2026-11-20 09:30"))
    // Across midnight: another day.
    #expect(utc.contains("## 2026-11-18 23:30"))
    #expect(paris.contains("## 2026-11-19 00:30"))
    // Summer time: two hours ahead in July.
    let july = Date(timeIntervalSince1970: 1_782_907_200)  // 2026-07-01 12:00 UTC
    #expect(parisTime.components(of: july).description == "2026-07-01 14:00")
    #expect(utcTime.components(of: july).description == "2026-07-01 12:00")
    let tokyo = MarkdownExport.LocalTime.zone(TimeZone(identifier: "Asia/Tokyo")!)
    #expect(tokyo.components(of: july).description == "2026-07-01 21:00")
    // Seconds are cut, not rounded.
    #expect(utcTime.components(of: july.addingTimeInterval(59.9)).description == "2026-07-01 12:00")
  }

  @Test(
    arguments: [
      ("2026-11-20", "2026-11-20"),
      ("2024-02-29", "2024-02-29"),
      ("2000-02-29", "2000-02-29"),
      ("0001-01-01", "0001-01-01"),
      ("2026-02-29", nil),
      ("1900-02-29", nil),
      ("2026-04-31", nil),
      ("2026-13-01", nil),
      ("2026-00-10", nil),
      ("2026-11-00", nil),
      ("2026-1-01", nil),
      ("20261120", nil),
      ("2026-11-20 ", nil),
      ("2026/11/20", nil),
      ("２０２６-１１-２０", nil),
      ("", nil),
    ] as [(String, String?)])
  func daysParseOnlyRealDates(text: String, parsed: String?) {
    #expect(MarkdownExport.Day(parsing: text)?.description == parsed)
  }

  @Test func daysCompareByYearThenMonthThenDay() throws {
    let days = try ["2025-12-31", "2026-01-01", "2026-01-02", "2026-02-01"].map {
      try #require(MarkdownExport.Day(parsing: $0))
    }
    #expect(days == days.sorted())
    #expect(days[1] < days[2] && !(days[2] < days[1]) && days[1] <= days[1])
  }

  // MARK: Escaping and speakers

  @Test(arguments: [
    ("plain text.", false, "plain text."),
    ("a*b_c`d[e]f#g<h>i|j~k\\l", false, ##"a\*b\_c\`d\[e\]f\#g\<h\>i\|j\~k\\l"##),
    ("- item", true, #"\- item"#),
    ("- item", false, "- item"),
    ("+1", true, #"\+1"#),
    ("42. answer", true, #"42\. answer"#),
    ("42) answer", true, #"42\) answer"#),
    ("42 answers. 1. x", true, "42 answers. 1. x"),
    ("Q&A &copy; &#169; &#xA9; &x; & ;", false, ##"Q&A \&copy; \&\#169; \&\#xA9; \&x; & ;"##),
    ("  spaced  ", false, "spaced"),
    ("\u{1B}[2J\u{202E}", false, #"␛\[2J�"#),
  ])
  func markdownEscaping(text: String, startsBlock: Bool, escaped: String) {
    #expect(MarkdownExport.escaped(text, startsBlock: startsBlock) == escaped)
  }

  @Test func speakerTags() {
    let speakers = ["Mary: Jane", "Ada"]
    #expect(MarkdownExport.split("Ada: hi", speakers: speakers) == ("Ada", "hi"))
    #expect(MarkdownExport.split("Ada:", speakers: speakers) == ("Ada", ""))
    #expect(
      MarkdownExport.split("Mary: Jane: hello", speakers: speakers) == ("Mary: Jane", "hello"))
    #expect(MarkdownExport.split("Bob: gone", speakers: speakers) == ("Bob", "gone"))
    #expect(MarkdownExport.split("no tag here", speakers: speakers) == (nil, "no tag here"))
    #expect(MarkdownExport.split(": empty", speakers: speakers) == (nil, ": empty"))
    #expect(MarkdownExport.split(" x: y", speakers: speakers) == (nil, " x: y"))
    #expect(MarkdownExport.split("Adam: not Ada", speakers: speakers) == ("Adam", "not Ada"))
  }

  @Test func aTagThatShowsAsNothingIsNoTag() {
    var standup = engineering
    standup.attendees.append(Attendee(id: .init(113), name: " "))
    standup.meetings = [Meeting(id: .init(204), date: date(1_795_167_000), transcript: " : - x")]
    let markdown = MarkdownExport.markdown(standup: standup, timeZone: utcTime)
    #expect(markdown.hasSuffix("## 2026-11-20 09:30\n- : - x\n"))
  }

  /// The meeting's own roster is listed under its heading and names its
  /// speakers, though they have left the standup since (a name with ": " in
  /// it is only a speaker if listed); a meeting without one lists nobody.
  @Test func aMeetingsOwnRosterNamesItsSpeakers() {
    var standup = engineering
    let transcript = "Mary: Jane: hello"
    standup.meetings = [
      Meeting(
        id: .init(205), date: date(1_795_167_000), transcript: transcript,
        attendees: ["Mary: Jane"])
    ]
    #expect(
      MarkdownExport.markdown(standup: standup, timeZone: utcTime)
        .hasSuffix("## 2026-11-20 09:30\nAttendees: Mary: Jane\n\n- **Mary: Jane:** hello\n"))
    // Names in the roster line are escaped like any text; empty ones left out.
    standup.meetings[id: .init(205)]?.attendees = ["*Star*", " ", "Ann"]
    #expect(
      MarkdownExport.markdown(standup: standup, timeZone: utcTime)
        .contains("## 2026-11-20 09:30\nAttendees: \\*Star\\*, Ann\n\n"))
    standup.meetings = [Meeting(id: .init(205), date: date(1_795_167_000), transcript: transcript)]
    #expect(
      MarkdownExport.markdown(standup: standup, timeZone: utcTime)
        .hasSuffix("## 2026-11-20 09:30\n- **Mary:** Jane: hello\n"))
  }

  // MARK: JSON

  @Test func jsonExportRoundTripsByteExactStrings() throws {
    let nasty =
      "Quote \" back\\slash / new\nline\r\ntab\t nul\u{0} esc\u{1B}[31m bidi\u{202E} del\u{7F} csi\u{9B} ls\u{2028} 李雷 👩‍💻"
    var standup = hostile
    standup.title = nasty
    standup.attendees[0].name = nasty
    standup.meetings = [
      Meeting(id: .init(301), date: date(1_795_167_000), transcript: "Ada: " + nasty),
      Meeting(id: .init(302), date: date(1_795_044_600), transcript: nasty),
    ]
    let standups: IdentifiedArrayOf<Standup> = [standup, design, engineering]
    let since = try #require(MarkdownExport.Day(parsing: "2026-11-19"))
    for selection in [
      standups, [standup], MarkdownExport.selecting(standups, since: since, timeZone: utcTime),
    ] {
      let data = try StandupsFormat.encode(selection)
      // Read back newest first, as a load keeps meetings (`design` has them
      // in another order).
      var expected = selection
      for index in expected.indices {
        expected[index].meetings = expected[index].meetings.newestFirst
      }
      #expect(try StandupsFormat.decode(data) == expected)
      #expect(try StandupsFormat.decodeWithJSONDecoder(data) == expected)
      // JSON escapes, never placeholders; no raw control byte but the line breaks.
      #expect(data.allSatisfy { $0 >= 0x20 || $0 == 0x0A })
      #expect(!String(decoding: data, as: UTF8.self).contains("␛"))
    }
    let filtered = MarkdownExport.selecting(standups, since: since, timeZone: utcTime)
    #expect(filtered[id: standup.id]?.meetings.ids.elements == [.init(301)])
  }
}

// MARK: - Fixtures

private let utcTime = MarkdownExport.LocalTime.zone(TimeZone(identifier: "UTC")!)
private let parisTime = MarkdownExport.LocalTime.zone(TimeZone(identifier: "Europe/Paris")!)

private func date(_ seconds: TimeInterval) -> Date { Date(timeIntervalSince1970: seconds) }

/// Meetings stored out of date order; one by a former attendee, one empty.
private let design = Standup(
  id: .init(100),
  attendees: [
    Attendee(id: .init(101), name: "Ada"), Attendee(id: .init(102), name: "Grace"),
    Attendee(id: .init(103), name: "Linus"), Attendee(id: .init(104), name: "Margaret"),
  ],
  duration: .seconds(10 * 60),
  meetings: [
    // 2026-11-19 09:30 UTC
    Meeting(
      id: .init(201), date: date(1_795_080_600),
      transcript: "Margaret: Usability sessions booked for Friday."),
    // 2026-11-20 09:30 UTC
    Meeting(
      id: .init(202), date: date(1_795_167_000),
      transcript: """
        Ada: Finished the colour picker.
        Grace: Reviewing the new onboarding copy.

        Bob: Back from holiday.
        Remember the retro on Friday.
        ?: Nobody was speaking.
        """),
    // 2026-11-18 23:30 UTC, 2026-11-19 00:30 in Paris
    Meeting(id: .init(203), date: date(1_795_044_600), transcript: "\n  \n"),
  ],
  theme: .orange,
  title: "Design")

private let engineering = Standup(
  id: .init(110),
  attendees: [Attendee(id: .init(111), name: "Dennis"), Attendee(id: .init(112), name: "Barbara")],
  duration: .seconds(15 * 60),
  theme: .periwinkle,
  title: "Engineering")

private let hostile = Standup(
  id: .init(120),
  attendees: [
    Attendee(id: .init(121), name: "Ada\u{202E}evil"),
    Attendee(id: .init(122), name: "李雷 🚀"),
    Attendee(id: .init(123), name: "-dash"),
    Attendee(id: .init(124), name: "*star*"),
  ],
  duration: .seconds(5 * 60),
  meetings: [
    Meeting(
      id: .init(221), date: date(1_795_167_000),
      transcript: [
        "Ada\u{202E}evil: \u{1B}]0;title\u{07}hello",
        "李雷 🚀: 你好 👋🏽 emoji",
        "- not a list",
        "1. not ordered",
        "2026) nope",
        "+ plus",
        "> quote",
        "# not heading",
        "&amp; entity & fine",
        "Trailing spaces   ",
        "    indented code",
        "\tTab",
        "***",
        "[link](http://x) ![img](y) <http://auto>",
        "a | b | c",
        "~~strike~~",
        "`code`",
        "back\\slash",
        "\u{9B}31m C1 CSI",
        "line\r\nwith CRLF",
        "\u{7F}del \u{0}nul",
      ].joined(separator: "\n"))
  ],
  theme: .navy,
  title: "# \u{1B}[31mRed\u{1B}[0m *alert* _now_ [x](y) <b>|~`\\")

/// Compares `markdown` with the golden file `__Snapshots__/ExportTests/<name>.md`
/// (written when missing, or re-recorded with `make snapshots`).
private func assertMarkdown(
  _ markdown: String, named name: String,
  fileID: StaticString = #fileID, filePath: StaticString = #filePath,
  testName: String = #function, line: Int = #line, column: Int = #column
) {
  let url = TextSnapshot.url(filePath: filePath, testName: testName, name: name)
    .deletingLastPathComponent().appendingPathComponent("\(name).md")
  if let failure = TextSnapshot.verify(markdown, at: url) {
    Issue.record(
      Comment(rawValue: failure),
      sourceLocation: SourceLocation(
        fileID: "\(fileID)", filePath: "\(filePath)", line: line, column: column))
  }
}

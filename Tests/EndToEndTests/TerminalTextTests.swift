import Foundation
import StandupsCore
import TerminalUI
import Testing
import TmuxTesting

/// Text the terminal measures differently from a font: emoji sequences,
/// flags, skin tones, VS16, CJK and combining marks, on every screen. The
/// terminal must hold exactly what `render` lays out, each `|` marker in the
/// column `render` gave it.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct TerminalTextTests {
  static let standups: IdentifiedArrayOf<Standup> = [
    Standup(
      id: .init(UUID(uuidString: "DDDDDDDD-0000-0000-0000-000000000001")!),
      attendees: [
        Attendee(
          id: .init(UUID(uuidString: "DDDDDDDD-0000-0000-0000-0000000000A1")!), name: "Zoë 👩‍💻|"),
        Attendee(
          id: .init(UUID(uuidString: "DDDDDDDD-0000-0000-0000-0000000000A2")!), name: "🇺🇦|Olena"),
        Attendee(
          id: .init(UUID(uuidString: "DDDDDDDD-0000-0000-0000-0000000000A3")!), name: "👍🏽|❤️|"),
        Attendee(
          id: .init(UUID(uuidString: "DDDDDDDD-0000-0000-0000-0000000000A4")!), name: "漢字|é|"),
      ],
      duration: .seconds(60 * 60),
      meetings: [
        Meeting(
          id: .init(UUID(uuidString: "DDDDDDDD-0000-0000-0000-000000000101")!),
          date: Date(timeIntervalSince1970: 1_763_632_800),
          transcript: "Zoë 👩‍💻|: shipped 🚀|\n🇺🇦|Olena: 漢字テスト| 👨‍👩‍👧‍👦|\nAda: ✔️| a\u{301}|")
      ],
      theme: .orange,
      title: "Design 👩‍💻|🇺🇦|"),
    Standup(
      id: .init(UUID(uuidString: "DDDDDDDD-0000-0000-0000-000000000002")!),
      attendees: [
        Attendee(id: .init(UUID(uuidString: "DDDDDDDD-0000-0000-0000-0000000000B1")!), name: "Li")
      ],
      title: "日本語のチーム|"),
  ]

  @Test(arguments: ["/", "/1", "/1/edit", "/1/record", "/1/meetings/1"])
  func everyRowIsWhereRenderPutsIt(route: String) async throws {
    let app = try AppSession(standups: Self.standups, arguments: ["--open", route])
    let expected = try app.render(route: route, width: 80, height: 24)
    // A recording's clock moves on; its figures are not what is compared here.
    func steady(_ rows: [String]) -> [String] {
      trimmed(rows).map { String($0.map { $0.isNumber ? "#" : $0 }) }
    }
    let held = try await Harness.waitFor { steady(try app.session.rows()) == steady(expected) }
    if !held {
      let rows = try app.session.rows().joined(separator: "\n")
      Issue.record(
        "the terminal differs from render at \(route):\n\(rows)\nrender:\n\(expected.joined(separator: "\n"))"
      )
    }
    let markers = try app.session.positions(of: "|")
    #expect(markers.count >= 3, "too few markers on \(route)")
    #expect(
      markers.map { "\($0.column),\($0.row)" } == Self.markers(in: expected),
      "markers at \(route)")
    try await app.quitAndExpectSaneTerminal()
  }

  /// Where `render`'s rows put each `|`, in the columns TextWidth measures.
  static func markers(in rows: [String]) -> [String] {
    var found: [String] = []
    for (row, text) in rows.enumerated() {
      var column = 0
      for character in text {
        if character == "|" { found.append("\(column),\(row)") }
        column += TextWidth.of(character)
      }
    }
    return found
  }
}

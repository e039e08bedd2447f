import Foundation
import StandupsCore
import Testing
import TmuxTesting

/// The list's filter line in the real binary, in tmux at 80×24: typing
/// narrows the list, Enter keeps the filter across a visit to a standup, Esc
/// clears it, and `--open '/?filter=…' --print-route` gives the route back.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct FilterEndToEndTests {
  /// The two sample standups and one with accents in its title.
  static let standups: IdentifiedArrayOf<Standup> =
    AppSession.sample + [
      Standup(
        id: .init(UUID(uuidString: "DDDDDDDD-0000-0000-0000-000000000003")!),
        attendees: [
          Attendee(
            id: .init(UUID(uuidString: "DDDDDDDD-0000-0000-0000-0000000000D1")!), name: "Zoë")
        ],
        theme: .poppy, title: "Café Crème")
    ]

  @Test func typingNarrowsTheListAndTheFilterOutlivesAVisitToAStandup() async throws {
    let app = try AppSession(standups: Self.standups)
    try await app.session.waitForText("3 standups")
    try app.session.sendKeys("/")
    try await app.session.waitForText("Filter:")
    // A transcript word: only Design had that meeting.
    try app.session.type("shipped")
    try await app.session.waitForText("1 of 3")
    try await app.session.waitForScreen("only Design listed") {
      $0.contains("▌› Design") && !$0.contains("Engineering") && !$0.contains("Café")
    }
    try app.session.sendKeys("Enter")
    try await app.session.waitForText("/ edit filter")
    try app.session.sendKeys("Enter")
    try await app.session.waitForText("Start meeting")
    try app.session.sendKeys("Escape")
    try await app.session.waitForText("Filter: shipped")
    try await app.session.waitForText("1 of 3")
    // Esc on the list clears the kept filter.
    try app.session.sendKeys("Escape")
    try await app.session.waitForText("3 standups")
    try await app.session.waitForNoText("Filter:")

    // Accents and case are ignored, and q types while the line is open.
    try app.session.sendKeys("/")
    try await app.session.waitForText("Filter:")
    try app.session.type("CREME q")
    try await app.session.waitForText("No standups match “CREME q”")
    try await app.session.waitForText("0 of 3")
    try app.session.sendKeys("BSpace", "BSpace")
    try await app.session.waitForText("1 of 3")
    try await app.session.waitForText("▌› Café Crème")
    // Back to one letter: everything matches again.
    try app.session.sendKeys("BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "e")
    try await app.session.waitForText("3 of 3")
    try app.session.sendKeys("Escape")
    try await app.session.waitForText("3 standups")
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
  }

  @Test func openingWithAFilterPrintsItBack() async throws {
    let app = try AppSession(
      standups: Self.standups, arguments: ["--open", "/?filter=eng", "--print-route"])
    try await app.session.waitForText("1 of 3")
    try await app.session.waitForText("Filter: eng")
    try await app.session.waitForText("▌› Engineering")
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
    let printed = try app.session.screen(history: true).split(separator: "\n")
      .first { $0.hasPrefix("/") }.map(String.init)
    #expect(printed == "/?filter=eng")
    #expect(try Route(parsing: printed ?? "") == .filteredList("eng"))
  }

  @Test func aFilterWithSpacesAndAccentsSurvivesTheRoundTrip() async throws {
    let app = try AppSession(
      standups: Self.standups, arguments: ["--open", "/?filter=zo%C3%AB%20caf", "--print-route"])
    try await app.session.waitForText("Filter: zoë caf")
    try await app.session.waitForText("1 of 3")
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
    let printed = try app.session.screen(history: true).split(separator: "\n")
      .first { $0.hasPrefix("/") }.map(String.init)
    #expect(printed == "/?filter=zo%C3%AB%20caf")
  }
}

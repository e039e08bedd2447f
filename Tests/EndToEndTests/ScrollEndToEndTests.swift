import Foundation
import StandupsCore
import Testing
import TmuxTesting

/// Scrolling the list by a card is sent as a terminal scroll plus the rows
/// that changed: what the terminal then shows must be exactly what a full
/// repaint of the same frame shows.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ScrollEndToEndTests {
  static let many = IdentifiedArrayOf<Standup>(
    uniqueElements: (0..<30).map { i in
      Standup(
        id: .init(UUID(uuidString: String(format: "EEEEEEEE-0000-0000-0000-%012d", i))!),
        attendees: [], duration: .seconds(60 * (5 + i)),
        theme: Theme.allCases[i % Theme.allCases.count], title: "Standup \(i)")
    })

  @Test(arguments: [(80, 24), (60, 14)])
  func aScrolledListIsWhatAFullRepaintShows(width: Int, height: Int) async throws {
    let app = try AppSession(standups: Self.many, width: width, height: height)
    try await app.session.waitForText("30 standups")
    // One key at a time, each answered before the next: a frame that went
    // wrong shows at the card it went wrong on.
    for card in 1...12 {
      try app.session.sendKeys("j")
      try await app.session.waitForText("▌› Standup \(card) ")
    }
    for card in (3...11).reversed() {
      try app.session.sendKeys("k")
      try await app.session.waitForText("▌› Standup \(card) ")
    }
    let scrolled = try await app.session.settledScreen(escapes: true)

    // A resize repaints every cell; back at the same size, with the same
    // offset, every cell and colour must be as the scrolls left them.
    try app.session.resize(width: width + 1, height: height)
    // Drawn for the new width: the header's right end moved one column.
    let widened = try await Harness.waitFor {
      let header = try app.session.rows().first ?? ""
      return header.replacing(/\s+$/, with: "").count == width
    }
    let wider = try app.session.screen()
    #expect(widened, "no frame at the wider size:\n\(wider)")
    try app.session.resize(width: width, height: height)
    let repainted = try await Harness.waitFor {
      try app.session.screen(escapes: true) == scrolled
    }
    let after = try app.session.screen(escapes: true)
    #expect(repainted, "after scrolling:\n\(scrolled)\nafter a repaint:\n\(after)")
    try await app.quitAndExpectSaneTerminal(keys: ["q"])
  }
}

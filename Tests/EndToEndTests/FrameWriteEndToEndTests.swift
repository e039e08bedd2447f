import Foundation
import Testing
import TmuxTesting

/// A key's frame reaches the terminal in one write, so a terminal never
/// paints half of it; a frame that scrolls the list sends its scroll first,
/// then the rest. The kernel counts the writes (`syscw` in `/proc/PID/io`);
/// the app writes nothing else while it waits for keys.
@Suite(.serialized, .timeLimit(.minutes(2)))
struct FrameWriteEndToEndTests {
  @Test func eachKeysFrameIsOneWrite() async throws {
    let app = try AppSession(standups: ScrollEndToEndTests.many)
    try await app.session.waitForText("30 standups")
    let pid = try #require(try app.session.programPID())

    // Moves within the page, then scrolls (the first card shown changes).
    var scrolled = false
    for card in 1...8 {
      let firstBefore = try firstCardShown(in: app)
      let before = try writeCalls(pid)
      // The first key an arrow: the terminal is in keypad mode from the
      // start, not only once a key has been read.
      try app.session.sendKeys(card == 1 ? "Down" : "j")
      try await app.session.waitForText("▌› Standup \(card) ")
      let writes = try writeCalls(pid) - before
      let scrolls = try firstCardShown(in: app) != firstBefore
      #expect(writes == (scrolls ? 2 : 1), "j to card \(card)")
      scrolled = scrolled || scrolls
    }
    #expect(scrolled)

    // Typing in a field, with the terminal's cursor shown there.
    try app.session.sendKeys("a")
    try await app.session.waitForText("New standup")
    try app.session.type("Retro ")
    try await app.session.waitForText("Retro ")
    var typed = "Retro "
    for digit in "123" {
      let before = try writeCalls(pid)
      try app.session.type(String(digit))
      typed.append(digit)
      try await app.session.waitForText(typed)
      #expect(try writeCalls(pid) - before == 1, "typing \(digit)")
    }
    // The first Ctrl-C warns that the new standup is not saved.
    try await app.quitAndExpectSaneTerminal(keys: ["C-c", "C-c"])
  }

  private func firstCardShown(in app: AppSession) throws -> Int? {
    let titles = try app.session.rows().compactMap { row -> Int? in
      guard let range = row.range(of: "Standup ") else { return nil }
      return Int(row[range.upperBound...].prefix { $0.isNumber })
    }
    return titles.min()
  }

  /// The write system calls `pid` has made so far, all threads together.
  private func writeCalls(_ pid: Int32) throws -> Int {
    let text = try String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("syscw:") })
    return try #require(Int(line.dropFirst("syscw:".count).trimmingCharacters(in: .whitespaces)))
  }
}

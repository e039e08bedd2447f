import StandupsCore
import TerminalUI
import Testing

@testable import StandupsTUI

/// The banner's line above the help bar: a message wider than the screen
/// goes on over the rows above it, whole words, up to three rows.
@MainActor
struct BannerTests {
  static let path =
    "/home/someone/projects/a-rather-long-directory-name/standups/standups.json"

  @Test func aLongMessageWrapsOverTheRowsAboveInsteadOfLosingItsEnd() {
    let message = "Not saved: no permission to write \(Self.path) — will retry"
    let screen = draw(appState([.mock]), ui: ShellUI(banner: message), size: .large)
    // Three rows: the path, a word of 75 columns, has one of its own.
    let rows = screen.lines[(Size.large.height - 4)...(Size.large.height - 2)]
    let shown = rows.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    #expect(shown == message, "\(screen.lines)")
    // The help bar below stays where it was.
    #expect(screen.lines[Size.large.height - 1].contains("help"), "\(screen.lines)")
    // The row above the banner is the screen's own.
    #expect(!screen.lines[Size.large.height - 5].contains("Not saved"))
  }

  @Test func aShortMessageTakesOneRow() {
    let screen = draw(appState([.mock]), ui: ShellUI(banner: "Not saved"), size: .large)
    #expect(screen.lines[Size.large.height - 2].contains(" Not saved "))
    #expect(!screen.lines[Size.large.height - 3].contains("Not saved"))
  }

  /// Past three rows the message is cut on the third, which ends in "…".
  @Test func aMessageLongerThanThreeRowsIsCutOnTheThird() {
    let message = (1...40).map { "word\($0)" }.joined(separator: " ")
    let size = Size(width: 40, height: 12)
    let screen = draw(appState([.mock]), ui: ShellUI(banner: message), size: size)
    let rows = screen.lines[(size.height - 4)...(size.height - 2)]
    #expect(rows.allSatisfy { $0.contains("word") }, "\(screen.lines)")
    #expect(!screen.lines[size.height - 5].contains("word"), "\(screen.lines)")
    #expect(rows.joined().contains("word1 "))
    #expect(!rows.joined().contains("word40"))
    #expect(rows.last?.contains("…") == true, "\(screen.lines)")
  }
}

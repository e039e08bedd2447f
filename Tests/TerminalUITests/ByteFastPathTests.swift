import Testing

@testable import TerminalUI

/// Plain text and lone non-ASCII scalars are measured and drawn from their
/// bytes; everything must come out as drawing the text grapheme by grapheme.
@Suite struct ByteFastPathTests {
  static let samples = [
    "plain ASCII", "▌› Design", " 5 min · Bubblegum", "↑/k up • ↓/j down • …",
    "e\u{301}clair", "▌\u{301}x", "中文 text", "😀 ok", "👨‍👩‍👧‍👦 family", "🇫🇷🇩🇪",
    "\u{0600}1 prepended", "a\u{200D}b", "tab\there", "esc \u{1B}[2J", "\u{9B}c1",
    "trailing ·", "·", "", "ж", "\u{FFFD}", "x\u{E000}y", "한국어", "\u{1100}\u{1161}\u{11A8}",
    // ASCII before a non-ASCII scalar: its own grapheme only when that scalar
    // cannot join it.
    "a·b", "q\u{02B0}z", "s\u{00AD}y", "x\u{0915}\u{093F}", "k\u{2190}\u{FE0F}", "a\u{20D7}",
    "x\u{2028}y", "p\u{2060}q", "r\u{202E}t", "n\u{200B}m", "z\u{0080}", "w\u{2BFF}\u{2C00}",
    "v‐‧‰⁞ ", "€\u{20AC}5",
    // Runs of non-ASCII scalars: each its own grapheme only when the next
    // cannot join it.
    "░░░░", "──│┌┐", "█▌ ▐", "░\u{301}░", "•\u{FE0F}•", "─\u{200D}─", "→→x", "·\u{0300}·",
    "░🇫🇷", "↑\u{200D}↓", "é░ü", "░中", "ж‐ж",
  ]

  @Test(arguments: samples)
  func widthIsTheSumOfTheGraphemes(_ text: String) {
    let byGrapheme = Sanitizer.inert(text).reduce(0) { $0 + TextWidth.of($1) }
    #expect(TextWidth.of(Sanitizer.inert(text)) == byGrapheme)
  }

  @Test(arguments: samples)
  func prefixStopsWhereGraphemesWould(_ text: String) {
    let s = Sanitizer.inert(text)
    for width in 0...(TextWidth.of(s) + 1) {
      var used = 0
      var end = s.startIndex
      while end != s.endIndex, used + TextWidth.of(s[end]) <= width {
        used += TextWidth.of(s[end])
        end = s.index(after: end)
      }
      let fitted = TextWidth.prefix(s[...], fitting: width)
      #expect(fitted.text == s[..<end], "\(text.debugDescription) in \(width)")
      #expect(fitted.width == used, "\(text.debugDescription) in \(width)")
    }
  }

  @Test(arguments: samples)
  func drawingMatchesDrawingOneGraphemeAtATime(_ text: String) {
    for clip in [Rect(x: 0, y: 0, width: 30, height: 1), Rect(x: 2, y: 0, width: 5, height: 1)] {
      var whole = Canvas(size: Size(width: 30, height: 1))
      var end = 0
      whole.within(clip) { end = $0.put(text, x: 0, y: 0, style: .bold) }
      var single = Canvas(size: Size(width: 30, height: 1))
      var col = 0
      single.within(clip) { canvas in
        for ch in Sanitizer.inert(text) {
          if col >= clip.width { break }
          col = canvas.put(String(ch), x: col, y: 0, style: .bold)
        }
      }
      #expect(whole == single, "\(text.debugDescription) in \(clip)")
      #expect(end == col, "\(text.debugDescription) in \(clip)")
    }
  }
}

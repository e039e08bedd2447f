import Foundation
import Testing
import TmuxTesting

/// The real backend in a real terminal: terminal-probe inside tmux.
extension TerminalTests {
  @Suite struct ProbeEndToEnd {
    @Test func showsReadyAtTheStartSize() async throws {
      let session = try ProbeSession()
      try await session.waitForText("probe ready 80x24")
      try await session.waitForText("wide: 日本語 é")
    }

    @Test func decodesKeys() async throws {
      let session = try ProbeSession()
      try await session.waitForText("last key: none")
      let cases: [(String, String)] = [
        ("Up", "up"), ("C-c", "ctrl(c)"), ("é", "char(é)"), ("M-x", "alt(x)"),
        ("Escape", "escape"), ("F5", "function(5)"), ("BTab", "backTab"), ("Home", "home"),
        ("NPage", "pageDown"), ("DC", "delete"), ("BSpace", "backspace"), ("Enter", "enter"),
        ("Tab", "tab"), ("C-a", "ctrl(a)"),
      ]
      for (key, description) in cases {
        try session.sendKeys(key)
        try await session.waitForLine("last key: \(description)")
      }
    }

    /// Only the cells of a row that changed are written: a wide character
    /// replaced by another, by a narrow one and back leaves no half behind.
    @Test func wideCharactersChangeInPlace() async throws {
      let session = try ProbeSession()
      try await session.waitForText("last key: none")
      for key in ["日", "本", "a", "語", "é"] {
        try session.sendKeys(key, literal: true)
        try await session.waitForLine("last key: char(\(key))")
        let rows = try session.rows().map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows[1] == "last key: char(\(key))")
        #expect(rows[12] == "under: last key: char(\(key))")
      }
    }

    @Test func burstOfTextArrivesAsTypedText() async throws {
      let session = try ProbeSession()
      try await session.waitForText("last key: none")
      try session.sendKeys("hello world", literal: true)
      try await session.waitForText("typed: hello world")
    }

    @Test func bracketedPasteKeepsLines() async throws {
      let session = try ProbeSession()
      try await session.waitForText("last key: none")
      try session.tmuxCommand(["set-buffer", "one\ntwo"])
      try session.tmuxCommand(["paste-buffer", "-p", "-t", session.target])
      try await session.waitForText("paste: one⏎two")
    }

    @Test func overlayOpensCastsAShadowAndCloses() async throws {
      let session = try ProbeSession()
      try await session.waitForText("probe ready")
      #expect(try !hasShadow(session))
      try session.sendKeys("o")
      try await session.waitForText("│ overlay")
      #expect(try session.screen().contains("┌──"))
      // The shadow (bright black background) and nothing else changes style:
      // the first line is not dimmed.
      #expect(try hasShadow(session))
      #expect(try !firstLineIsDim(session))
      try session.sendKeys("o")
      let closed = try await Harness.waitFor { try !session.screen().contains("│ overlay") }
      #expect(closed)
      #expect(try !hasShadow(session))
    }

    @Test func changesBeneathTheOverlayStayHidden() async throws {
      let session = try ProbeSession()
      try await session.waitForText("under: last key: none")
      try session.sendKeys("o")
      try await session.waitForText("│ overlay")
      #expect(try !session.screen().contains("under:"))
      try session.sendKeys("Up")
      try await session.waitForLine("last key: up")
      #expect(try !session.screen().contains("under:"), "the overlay was painted over")
      try session.sendKeys("o")
      try await session.waitForText("under: last key: up")
    }

    @Test func rgbColourMapsToThe256ColourCube() async throws {
      let session = try ProbeSession()
      try await session.waitForText("colour sample")
      #expect(try session.screen(escapes: true).contains("38;5;196"))
    }

    @Test func noColorLeavesOnlyAttributes() async throws {
      let session = try ProbeSession(environment: ["NO_COLOR": "1"])
      try await session.waitForText("colour sample")
      let screen = try session.screen(escapes: true)
      #expect(!screen.contains("38;5;"))
      #expect(screen.contains("\u{1B}[1m") || screen.contains("[1;"))  // bold survives
    }

    @Test func resizeRedrawsAtTheNewSize() async throws {
      let session = try ProbeSession()
      try await session.waitForText("probe ready 80x24")
      try session.tmuxCommand(["resize-window", "-t", session.target, "-x", "60", "-y", "20"])
      try await session.waitForText("probe ready 60x20")
      try session.sendKeys("o")
      try await session.waitForText("│ overlay")
      try session.tmuxCommand(["resize-window", "-t", session.target, "-x", "100", "-y", "30"])
      try await session.waitForText("probe ready 100x30")
      let lines = try await session.settledScreen().split(
        separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.filter { $0.contains("┌") }.count == 1, "one overlay, no leftovers")
      #expect(!lines.contains { $0.contains("60x20") || $0.contains("80x24") })
    }

    @Test func idleProbeUsesNoCPU() async throws {
      let session = try ProbeSession()
      let pid = try await session.probePID()
      let before = try cpuTicks(pid)
      try await Task.sleep(for: .seconds(1))  // a measuring interval, not a synchronisation
      let after = try cpuTicks(pid)
      #expect(after - before <= 5, "busy while idle: \(after - before) ticks in 1 s")
    }

    private func hasShadow(_ session: ProbeSession) throws -> Bool {
      try sgrParameters(in: session.screen(escapes: true)).contains(100)
    }

    private func firstLineIsDim(_ session: ProbeSession) throws -> Bool {
      let line = try session.screen(escapes: true).split(separator: "\n").first ?? ""
      return sgrParameters(in: String(line)).contains(2)
    }

    /// Parameters of every SGR sequence (ESC [ ... m) in `text`.
    private func sgrParameters(in text: String) -> [Int] {
      var result: [Int] = []
      var rest = Substring(text)
      while let start = rest.range(of: "\u{1B}[") {
        rest = rest[start.upperBound...]
        guard let end = rest.firstIndex(where: { !$0.isNumber && $0 != ";" }) else { break }
        if rest[end] == "m" {
          result += rest[..<end].split(separator: ";").compactMap { Int($0) }
        }
        rest = rest[end...]
      }
      return result
    }

    /// User plus system CPU time of a process, in clock ticks (Linux /proc).
    private func cpuTicks(_ pid: Int32) throws -> Int {
      let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
      // Fields after the parenthesised command name; utime and stime are 14 and 15.
      let fields = stat[stat.index(after: try #require(stat.lastIndex(of: ")")))...]
        .split(separator: " ")
      return try #require(Int(fields[11])) + (try #require(Int(fields[12])))
    }
  }
}

import ConcurrencyExtras
import Foundation
import StandupsCore
import StandupsTUI
import TerminalApp
import TerminalUI
import Testing

@testable import StandupsApp

/// `y` sends at most 64 KB of Markdown with OSC 52: up to the limit it is
/// sent as `standups export` prints it; past it nothing is sent and the
/// banner says to use `standups export`.
struct ClipboardTests {
  static let zone = MarkdownExport.LocalTime.zone(TimeZone(identifier: "UTC")!)

  /// A meeting whose Markdown (under its standup's heading) is `bytes` long.
  static func meeting(ofMarkdownSize bytes: Int) throws -> ClipboardContent {
    func content(_ length: Int) -> ClipboardContent {
      let meeting = Meeting(
        id: .init(UUID(uuidString: "BBBBBBBB-0000-0000-0000-000000000001")!),
        date: Date(timeIntervalSince1970: 1_763_632_800),
        transcript: "Ada: " + String(repeating: "x", count: length))
      return .meeting(meeting, of: Standup(id: .init(UUID()), title: "Design"))
    }
    func size(_ content: ClipboardContent) -> Int {
      guard case .meeting(let meeting, let standup) = content else { return 0 }
      return MarkdownExport.markdown(meeting: meeting, of: standup, timeZone: zone).utf8.count
    }
    // Each "x" is one byte of Markdown: the rest is the heading and the tag
    // (a note of none is trimmed away with its separator, hence 1).
    let overhead = size(content(1)) - 1
    let made = content(bytes - overhead)
    try #require(size(made) == bytes)
    return made
  }

  @Test(arguments: [Clipboard.limit - 1, Clipboard.limit])
  func upToTheLimitTheMarkdownIsSent(bytes: Int) async throws {
    let sent = LockIsolated<[String]>([])
    let clipboard = Clipboard.osc52(timeZone: Self.zone) { base64 in
      sent.withValue { $0.append(base64) }
    }
    let content = try Self.meeting(ofMarkdownSize: bytes)
    #expect(await clipboard.copy(content) == .sent)
    #expect(sent.value.count == 1)
    let decoded = Data(base64Encoded: sent.value.first ?? "").map {
      String(decoding: $0, as: UTF8.self)
    }
    guard case .meeting(let meeting, let standup) = content else { return }
    #expect(decoded == MarkdownExport.markdown(meeting: meeting, of: standup, timeZone: Self.zone))
    #expect(decoded?.utf8.count == bytes)
  }

  @Test func oneByteOverTheLimitSendsNothingAndSaysToUseExport() async throws {
    let sent = LockIsolated(0)
    let clipboard = Clipboard.osc52(timeZone: Self.zone) { _ in sent.withValue { $0 += 1 } }
    let content = try Self.meeting(ofMarkdownSize: Clipboard.limit + 1)
    let result = await clipboard.copy(content)
    #expect(result == .tooLarge(bytes: Clipboard.limit + 1))
    #expect(sent.value == 0)
    guard
      case .show(let banner) = StandupsView.message(
        for: .copied(title: "Design", isMeeting: true, result))
    else {
      Issue.record("no banner for a copy too large")
      return
    }
    #expect(banner.kind == .error)
    #expect(banner.text.contains("use standups export"))
    #expect(banner.text.contains("64 KB"))
    #expect(banner.text.hasPrefix("A meeting of “Design” is too large"), "\(banner.text)")
    #expect(
      StandupsView.message(for: .copied(title: "Design", isMeeting: true, .sent))
        == .show(.notice("Sent a meeting of “Design” to the clipboard as Markdown")))
    // A long title is cut so that the notice fits a row of 80 columns.
    let long = String(repeating: "Platform Engineering ", count: 3)
    for isMeeting in [true, false] {
      guard
        case .show(let banner) = StandupsView.message(
          for: .copied(title: long, isMeeting: isMeeting, .sent))
      else {
        Issue.record("no banner")
        continue
      }
      #expect(TextWidth.of(banner.text) <= 78, "\(banner.text)")
      #expect(banner.text.contains("Platform Engineering"))
    }
  }
}

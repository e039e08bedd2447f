import Foundation
import StandupsCore
import TerminalUI
import Testing

@testable import StandupsTUI

/// A past meeting's transcript keeps its place by line: a terminal of
/// another width shows the same note at the top, and the keys move from
/// what is on screen.
@MainActor
struct TranscriptScrollTests {
  static func state() -> AppFeature.State {
    var standup = Standup.mock
    let notes = (1...60).map { "Blob: line \($0) " + String(repeating: "and more ", count: $0 % 7) }
    let meeting = Meeting(
      id: .init(UUID(70)), date: Date(timeIntervalSince1970: 1_700_000_000),
      transcript: notes.joined(separator: "\n"))
    standup.meetings = [meeting]
    return appState(
      [standup],
      path: [
        .detail(StandupDetail.State(standup: standup, selection: meeting.id)),
        .meeting(MeetingDetail.State(meeting: meeting, standup: standup)),
      ])
  }

  /// The first transcript row on screen.
  static func firstRow(_ backend: InMemoryBackend) -> String {
    let title = backend.lines.firstIndex { $0.contains("Transcript") } ?? 0
    return backend.lines[title + 1].trimmingCharacters(in: .whitespaces)
  }

  /// A transcript taller than its rows has a scrollbar at the right edge,
  /// its thumb at the top first and at the bottom at the end.
  @Test func aLongTranscriptShowsAScrollbar() {
    let size = Size(width: 80, height: 24)
    let (runtime, backend) = makeRuntime(Self.state(), size: size)
    func edge() -> [String] {
      let title = backend.lines.firstIndex { $0.contains("Transcript") } ?? 0
      return backend.lines[(title + 1)..<(size.height - 2)].map { String($0.dropLast().suffix(1)) }
    }
    #expect(edge().first == "┃", "\(backend.lines)")
    #expect(edge().last == "│", "\(backend.lines)")
    runtime.press(.char("G"))
    #expect(edge().first == "│", "\(backend.lines)")
    #expect(edge().last == "┃", "\(backend.lines)")
  }

  /// Under a banner of two rows or more the screen is laid out shorter, its
  /// keys too: G shows the transcript's last row right above the banner.
  @Test func theEndIsInSightUnderALongBanner() {
    let size = Size(width: 80, height: 24)
    let (runtime, backend) = makeRuntime(Self.state(), size: size)
    runtime.store.send(
      .statusChanged(
        "Read-only: /home/someone/projects/standups/standups.json is from a newer standups "
          + "(format version 99); nothing is saved"))
    runtime.press(.char("G"))
    let bannerTop = backend.lines.firstIndex { $0.contains("Read-only") } ?? size.height
    #expect(bannerTop <= size.height - 3, "a banner of two rows or more: \(backend.lines)")
    let lastRow = backend.lines[..<bannerTop].last { !$0.allSatisfy(\.isWhitespace) } ?? ""
    #expect(lastRow.contains("Blob: line 60 "), "\(backend.lines)")
  }

  @Test func aResizeKeepsTheNoteAtTheTop() {
    let (runtime, backend) = makeRuntime(Self.state(), size: Size(width: 80, height: 24))
    for _ in 0..<30 { runtime.press(.down) }
    let before = Self.firstRow(backend)
    #expect(before.hasPrefix("Blob: line "), "\(backend.lines)")
    for size in [
      Size(width: 60, height: 14), Size(width: 40, height: 20), Size(width: 80, height: 24),
    ] {
      backend.resize(to: size)
      runtime.handle(.resize(size))
      runtime.render()
      #expect(Self.firstRow(backend).hasPrefix(before.prefix(13)), "\(size): \(backend.lines)")
    }
  }

  /// At the end in a small terminal, then in a large one that shows more:
  /// the first key up moves, from the last screenful shown.
  @Test func afterGrowingTheFirstKeyUpMoves() {
    let (runtime, backend) = makeRuntime(Self.state(), size: Size(width: 40, height: 10))
    runtime.press(.char("G"))
    let large = Size(width: 200, height: 50)
    backend.resize(to: large)
    runtime.handle(.resize(large))
    runtime.render()
    let shown = Self.firstRow(backend)
    #expect(backend.lines.contains { $0.contains("Blob: line 60") })
    runtime.press(.char("k"))
    #expect(Self.firstRow(backend) != shown, "\(backend.lines)")
  }
}

import Foundation
import StandupsCore
import StandupsTUI
import TerminalUI
import Testing

/// The standup form in its harder states, and untrusted text on every screen.
@MainActor
@Suite struct FormSnapshotTests {
  @Test func formWithTitleMissing() {
    var form = StandupForm.State(
      standup: Standup(
        id: .init(UUID(900)), attendees: [Attendee(id: .init(UUID(901)), name: "Blob")],
        theme: .navy))
    form.isTitleMissing = true
    let state = appState([.mock], destination: .add(form))
    assertScreen(state, sizes: [.large, .small])
    // Right under the field it is about, at both sizes.
    for size in [Size.large, .small] {
      let lines = draw(state, size: size).lines
      let title = lines.firstIndex { $0.contains("›Title") }
      #expect(title.map { lines[$0 + 1].contains("A standup needs a title.") } == true)
    }
  }

  static let crowd: Standup = {
    let names = [
      "Ada", "Grace", "Linus", "Ken", "Barbara", "Edsger", "Alan", "Donald", "Niklaus",
      "Frances", "John", "Radia", "Whitfield", "Margaret",
    ]
    return Standup(
      id: .init(UUID(500)),
      attendees: IdentifiedArray(
        uniqueElements: names.enumerated().map {
          Attendee(id: .init(UUID(501 + $0.offset)), name: $0.1)
        }),
      duration: .seconds(30 * 60), theme: .seafoam, title: "All hands")
  }()

  @Test func formWithManyAttendeesScrolled() {
    // Focus on the last attendee: where they do not all show, the attendee
    // rows scroll to keep it in view; where the gaps between the sections
    // are all that is in the way, the gaps go instead.
    let form = StandupForm.State(focus: .attendee(.init(514)), standup: Self.crowd)
    let state = appState(
      [Self.crowd],
      path: [.detail(StandupDetail.State(destination: .edit(form), standup: Self.crowd))])
    assertScreen(state, sizes: [.large, .small])
    let small = draw(state, size: .small).frames.last?.layers.last?.canvas.lines ?? []
    #expect(small.contains { $0.contains("14. Margaret") })
    #expect(!small.contains { $0.contains("1.  Ada") })
    let large = draw(state, size: .large).frames.last?.layers.last?.canvas.lines ?? []
    #expect(large.contains { $0.contains("1.  Ada") } && large.contains { $0.contains("14. ") })
  }

  /// At the app's minimum size the focused attendee still shows, above the
  /// sheet's help line, whichever it is.
  @Test func atTheMinimumSizeTheFocusedAttendeeShows() {
    for (index, attendee) in Self.crowd.attendees.enumerated() {
      let form = StandupForm.State(focus: .attendee(attendee.id), standup: Self.crowd)
      let state = appState(
        [Self.crowd],
        path: [.detail(StandupDetail.State(destination: .edit(form), standup: Self.crowd))])
      let screen = draw(state, size: StandupsView.minimumSize)
      let number = "\(index + 1)."
      #expect(
        screen.lines.contains { $0.contains("› \(number)") },
        "attendee \(number): \(screen.lines.joined(separator: "\n"))")
    }
  }

  @Test func formWithThemeFocused() {
    let form = StandupForm.State(focus: .theme, standup: .productMock)
    assertScreen(
      appState(
        [.productMock], path: [.detail(.init(destination: .edit(form), standup: .productMock))]),
      sizes: [.large])
  }

  /// A title that tries to clear the screen, set the window title, ring the
  /// bell, reverse the rest of the row, and is wide besides.
  static let hostileTitle =
    "\u{1B}[2J\u{1B}]0;pwned\u{07}Evil\u{202E}gnp.exe\u{202C}\r\n\t漢字テスト🎉👩‍👩‍👧 and a very long tail that never ends"

  static let hostile = Standup(
    id: .init(UUID(600)),
    attendees: [
      Attendee(id: .init(UUID(601)), name: "\u{1B}[31mRed\u{1B}[0m \u{08}\u{08}Back"),
      Attendee(id: .init(UUID(602)), name: "名前がとても長い参加者のなまえ"),
    ],
    meetings: [
      Meeting(
        id: .init(UUID(603)), date: Date(timeIntervalSince1970: 1_700_000_000),
        transcript: "\u{1B}[1;1H\u{1B}[2Joverwrite\u{9B}31m\u{7F}")
    ],
    theme: .magenta, title: hostileTitle)

  @Test func hostileDataInList() {
    let state = appState([.mock, Self.hostile, .engineeringMock], selection: .init(600))
    assertScreen(state, sizes: [.large, .small])
    assertInert(state)
  }

  @Test func hostileDataInDetail() {
    let state = appState(
      [Self.hostile], path: [.detail(StandupDetail.State(standup: Self.hostile))])
    assertScreen(state, sizes: [.large])
    assertInert(state)
  }

  @Test func hostileDataInEditSheet() {
    let form = StandupForm.State(focus: .attendee(.init(601)), standup: Self.hostile)
    let state = appState(
      [Self.hostile],
      path: [.detail(StandupDetail.State(destination: .edit(form), standup: Self.hostile))])
    assertScreen(state, sizes: [.large])
    // The unfocused title shows its start, not its end.
    #expect(draw(state, size: .large).shows("Title     ␛[2J"))
    assertInert(state)
  }

  /// No control character or bidi override reaches the grid, every row is
  /// exactly as wide as the terminal, and no wide character is split.
  func assertInert(_ state: AppFeature.State, sourceLocation: SourceLocation = #_sourceLocation) {
    for size in [Size.large, .small] {
      let screen = draw(state, size: size)
      for line in screen.lines {
        #expect(TextWidth.of(line) == size.width, sourceLocation: sourceLocation)
        let dangerous = line.unicodeScalars.filter {
          $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
            || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
        }
        #expect(dangerous.isEmpty, "\(line.debugDescription)", sourceLocation: sourceLocation)
      }
      let canvas = screen.screen
      for y in 0..<size.height {
        for x in 0..<size.width where canvas[x, y].width == 2 {
          #expect(
            x + 1 < size.width && canvas[x + 1, y].isContinuation, sourceLocation: sourceLocation)
        }
      }
    }
  }
}

import Foundation
import StandupsCore
import TerminalApp
import TerminalUI

@testable import StandupsTUI

// What the fuzz and size-sweep tests check, and the inputs they share.

/// What must hold after every event, whatever keys were pressed.
enum Invariants {
  static func state(_ s: AppFeature.State) -> [String] {
    var problems: [String] = []
    let list = s.standupsList
    for standup in list.standups where standup.attendees.isEmpty {
      problems.append("standup \(standup.id) has no attendees")
    }
    if list.standups.isEmpty, list.selection != nil { problems.append("selection in empty list") }
    if list.visibleCount > 0, list.selection.flatMap({ list.standups[id: $0] }) == nil {
      problems.append("list selection \(String(describing: list.selection)) names no standup")
    }
    // With a filter: the highlight is on a card it shows, nil when none shows.
    if list.selection != nil, !list.isVisible(list.selection) {
      problems.append("list selection \(String(describing: list.selection)) is filtered out")
    }
    if list.visibleCount == 0, list.selection != nil {
      problems.append("selection while the filter shows nothing")
    }
    if case .add(let form) = list.destination { problems += self.form(form, "add sheet") }
    if !s.path.isEmpty, list.destination != nil {
      problems.append("the list presents \(list.destination!) under a pushed screen")
    }
    if Set(s.path.ids).count != s.path.ids.count { problems.append("stack ids \(s.path.ids)") }
    for (index, element) in s.path.enumerated() {
      let isTop = index == s.path.count - 1
      switch element {
      case .detail(let detail):
        if index != 0 { problems.append("a detail at stack position \(index)") }
        if detail.standup.attendees.isEmpty { problems.append("detail with no attendees") }
        // Absent is a deletion whose dismiss is still in flight (the detail
        // tells the list, then dismisses itself, as SyncUps does): an effect
        // other tests sharing the main actor can delay past a yield.
        if let listed = list.standups[id: detail.standup.id], listed != detail.standup {
          problems.append("the detail and the list disagree about \(detail.standup.id)")
        }
        if let id = detail.selection, detail.standup.meetings[id: id] == nil {
          problems.append("detail selection names no meeting")
        }
        if case .edit(let form) = detail.destination { problems += self.form(form, "edit sheet") }
        if !isTop, detail.destination != nil { problems.append("hidden detail presents") }
      case .record(let record):
        if index != 1 { problems.append("a recording at stack position \(index)") }
        let count = record.standup.attendees.count
        if count == 0 { problems.append("recording with no attendees") }
        if !(0..<max(1, count)).contains(record.speakerIndex) {
          problems.append("speaker \(record.speakerIndex) of \(count)")
        }
        if !(0...record.draft.count).contains(record.cursor) {
          problems.append("note cursor \(record.cursor) outside \(record.draft.count) characters")
        }
      case .meeting(let meeting):
        if index != 1 { problems.append("a meeting at stack position \(index)") }
        let position = meeting.scrollPosition
        if !(0...max(0, meeting.transcriptLines.count - 1)).contains(position.line)
          || position.row < 0
        {
          problems.append("transcript scrolled to \(position)")
        }
      }
    }
    return problems
  }

  static func form(_ form: StandupForm.State, _ name: String) -> [String] {
    var problems: [String] = []
    if form.standup.attendees.isEmpty { problems.append("\(name) has no attendees") }
    if let focus = form.focus, !form.fields.contains(focus) {
      problems.append("\(name) focus \(focus) names no field")
    }
    if form.focus == nil { problems.append("\(name) has no focus") }
    if !(0...(form.focusedText?.count ?? 0)).contains(form.cursor) {
      problems.append("\(name) cursor \(form.cursor) outside its field")
    }
    return problems
  }

  /// Layer names the frame must have: the screen, the top-most feature's
  /// sheet or alert exactly when its state is non-nil, and help when open —
  /// all only when the terminal is at least `StandupsView.minimumSize`.
  static func expectedLayers(_ s: AppFeature.State, ui: ShellUI, size: Size) -> [String] {
    guard size.width >= StandupsView.minimumSize.width,
      size.height >= StandupsView.minimumSize.height
    else {
      return ["screen"]
    }
    var names = ["screen"]
    switch s.path.last {
    case nil:
      switch s.standupsList.destination {
      case .add: names.append("sheet")
      case .alert: names.append("alert")
      case nil: break
      }
    case .detail(let detail):
      switch detail.destination {
      case .edit: names.append("sheet")
      case .alert: names.append("alert")
      case nil: break
      }
    case .record(let record): if record.alert != nil { names.append("alert") }
    case .meeting: break
    }
    if ui.showsHelp { names.append("help") }
    return names
  }

  static func sights(_ s: AppFeature.State, ui: ShellUI, fits: Bool) -> [Sight] {
    guard fits else { return [.tooSmall] }
    var sights: [Sight] = ui.showsHelp ? [.help] : []
    switch s.path.last {
    case nil:
      switch s.standupsList.destination {
      case .add: sights.append(.addSheet)
      case .alert: sights.append(.listDeleteAlert)
      case nil: sights.append(.list)
      }
    case .detail(let detail):
      switch detail.destination {
      case .edit: sights.append(.editSheet)
      case .alert: sights.append(.detailDeleteAlert)
      case nil: sights.append(.detail)
      }
    case .record(let record): sights.append(record.alert == nil ? .record : .endMeetingAlert)
    case .meeting: sights.append(.meeting)
    }
    return sights
  }

  /// Below the minimum size the notice shows, as much of it as fits.
  static func tooSmallNotice(_ lines: [String], size: Size) -> String? {
    let text = lines.joined(separator: "\n")
    if size.width >= 18, !text.contains("terminal too small") { return "no too-small notice" }
    if size.width >= 8, !text.contains("terminal") { return "no too-small notice" }
    return nil
  }

  /// The composited screen is exactly `size`: `height` rows of exactly `width`
  /// columns, wide characters whole, and no control character in any cell.
  /// `rows: false` skips re-measuring each row's text (the costly part).
  static func grid(_ canvas: Canvas, size: Size, rows: Bool = true) -> String? {
    guard canvas.size == size else { return "screen is \(canvas.size)" }
    let problem: String? = canvas.cells.withUnsafeBufferPointer { cells in
      for y in 0..<size.height {
        for x in 0..<size.width {
          let i = y * size.width + x
          let width = cells[i].width
          if width == 1, cells[i].text.utf8.count == 1, let byte = cells[i].text.utf8.first,
            byte >= 0x20, byte < 0x7F
          {
            continue  // printable ASCII: the common case
          }
          if width == 0, x == 0 || cells[i - 1].width != 2 {
            return "orphaned half of a wide character at (\(x),\(y))"
          }
          if width == 2, x + 1 >= size.width || cells[i + 1].width != 0 {
            return "wide character at (\(x),\(y)) without its right half"
          }
          let text = cells[i].text
          if width > 0, TextWidth.of(text) != width {
            return "cell (\(x),\(y)) \(String(reflecting: text)) is not \(width) wide"
          }
          if !isInert(text) {
            return "control character in cell (\(x),\(y)): \(String(reflecting: text))"
          }
        }
      }
      return nil
    }
    if let problem { return problem }
    guard rows else { return nil }
    let lines = canvas.lines
    guard lines.count == size.height else { return "\(lines.count) rows" }
    for (y, line) in lines.enumerated() where TextWidth.of(line) != size.width {
      return "row \(y) is \(TextWidth.of(line)) columns: \(String(reflecting: line))"
    }
    return nil
  }

  /// No C0/C1 control, DEL, line/paragraph separator or bidi control.
  static func isInert(_ text: String) -> Bool {
    let utf8 = text.utf8
    if utf8.count == 1, let byte = utf8.first { return byte >= 0x20 && byte < 0x7F }
    return text.unicodeScalars.allSatisfy { scalar in
      switch scalar.value {
      case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069:
        false
      default: true
      }
    }
  }
}

final class LockedCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  func next() -> Int {
    lock.lock()
    defer { lock.unlock() }
    value += 1
    return value
  }
}

/// A clock that moves only when told to, and counts who sleeps on it: the
/// recording's timer should be its only sleeper, and only while recording.
final class ManualClock: Clock, @unchecked Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (l: Instant, r: Instant) -> Bool { l.offset < r.offset }
  }
  private typealias Sleeper = (
    deadline: Instant, continuation: CheckedContinuation<Void, any Error>
  )
  private let lock = NSLock()
  private var current = Instant(offset: .zero)
  private var sleepers: [Int: Sleeper] = [:]
  private var cancelled: Set<Int> = []
  private var nextID = 0
  private var isShutDown = false

  var now: Instant { locked { current } }
  var minimumResolution: Swift.Duration { .zero }
  var sleeperCount: Int { locked { sleepers.count } }

  func sleep(until deadline: Instant, tolerance: Swift.Duration?) async throws {
    let id = locked {
      nextID += 1
      return nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (c: CheckedContinuation<Void, any Error>) in
        let early: Result<Void, any Error>? = locked {
          if isShutDown || cancelled.remove(id) != nil { return .failure(CancellationError()) }
          if deadline <= current { return .success(()) }
          sleepers[id] = (deadline, c)
          return nil
        }
        if let early { c.resume(with: early) }
      }
    } onCancel: {
      let sleeper = locked {
        let sleeper = sleepers.removeValue(forKey: id)
        if sleeper == nil { cancelled.insert(id) }
        return sleeper
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  func advance(by duration: Swift.Duration) {
    let due = locked {
      current = current.advanced(by: duration)
      let due = sleepers.filter { $0.value.deadline <= current }
      for id in due.keys { sleepers[id] = nil }
      return due.values.map(\.continuation)
    }
    for continuation in due { continuation.resume() }
  }

  /// Wakes every sleeper with a cancellation error (their timers end).
  func shutDown() {
    let all = locked {
      isShutDown = true
      defer { sleepers = [:] }
      return sleepers.values.map(\.continuation)
    }
    for continuation in all { continuation.resume(throwing: CancellationError()) }
  }

  private func locked<T>(_ body: () -> T) -> T {
    lock.lock()
    defer { lock.unlock() }
    return body()
  }
}

/// Text no terminal should ever receive raw.
enum Hostile {
  static let strings: [String] = [
    "\u{1B}]0;pwned\u{7}Title", "\u{1B}[2J\u{1B}[H\u{1B}[31mred\u{1B}[0m", "\u{1B}P+q\u{1B}\\dcs",
    "a\u{0}b\u{7}c\u{8}d\u{B}e\u{C}f\u{7F}g", "\u{85}c1\u{9B}31m\u{9D}0;osc\u{9C}",
    "\u{202E}evil\u{202C} \u{2066}iso\u{2069} \u{200F}rtl \u{061C}",
    "tab\tline\nfeed\rcr\u{2028}ls",
    String(repeating: "A", count: 10_000), String(repeating: "日", count: 10_000),
    String(repeating: "e\u{301}", count: 2_000) + String(repeating: "👩‍👩‍👧", count: 2_000),
  ]

  static let standup = make(length: .max)
  /// The same with every string cut to `length` characters (cheaper to draw
  /// thousands of times).
  static let short = make(length: 200)

  static func make(length: Int) -> Standup {
    let strings = strings.map { String($0.prefix(length)) }
    return Standup(
      id: .init(UUID(900)),
      attendees: IdentifiedArray(
        uniqueElements: strings.enumerated().map {
          Attendee(id: .init(UUID(901 + $0.offset)), name: $0.element)
        }),
      duration: .seconds(300),
      meetings: [
        Meeting(
          id: .init(UUID(950)), date: Date(timeIntervalSince1970: 1_700_000_000),
          transcript: strings.joined(separator: "\n"))
      ],
      theme: .navy,
      title: strings[0] + strings[1] + strings[4] + strings[5])
  }
}

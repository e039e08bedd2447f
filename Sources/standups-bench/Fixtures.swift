import Foundation
import StandupsCore

/// Deterministic data sets for the benchmarks.
enum Fixtures {
  /// `count` standups with `attendees` attendees and `meetings` past meetings each.
  static func standups(count: Int, meetings: Int = 0, attendees: Int = 4)
    -> IdentifiedArrayOf<Standup>
  {
    let names = ["Blob", "Blob Jr", "Blob Sr", "Blob Esq", "Blob III", "Blob I"]
    let themes = Theme.allCases
    var ids = 1
    func nextID() -> UUID {
      ids += 1
      return UUID(ids)
    }
    var result: IdentifiedArrayOf<Standup> = []
    result.reserveCapacity(count)
    for i in 0..<count {
      let people = IdentifiedArrayOf<Attendee>(
        uniqueElements: (0..<attendees).map {
          Attendee(id: .init(nextID()), name: names[$0 % names.count])
        })
      let past = IdentifiedArrayOf<Meeting>(
        uniqueElements: (0..<meetings).map { m in
          Meeting(
            id: .init(nextID()),
            date: Date(timeIntervalSince1970: 1_700_000_000 - Double(m) * 86_400),
            transcript: transcript(standup: i, meeting: m))
        })
      result.append(
        Standup(
          id: .init(nextID()), attendees: people, duration: .seconds(60 * (5 + i % 26)),
          meetings: past,
          theme: themes[i % themes.count], title: "Team \(i + 1)"))
    }
    return result
  }

  /// A few lines of notes, about 200 bytes, as a real meeting leaves.
  static func transcript(standup: Int, meeting: Int) -> String {
    """
    Blob: Finished the review of ticket \(standup * 100 + meeting); merging today.
    Blob Jr: Pairing on the flaky build, then the release notes.
    Blob Sr: Out tomorrow afternoon. No blockers.
    """
  }

  /// A fresh private directory for files a benchmark writes.
  static func temporaryDirectory(_ name: String) -> String {
    let base = NSTemporaryDirectory() + "standups-bench-\(getpid())"
    let path = base + "/" + name
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  static func removeTemporaryFiles() {
    try? FileManager.default.removeItem(
      atPath: NSTemporaryDirectory() + "standups-bench-\(getpid())")
  }
}

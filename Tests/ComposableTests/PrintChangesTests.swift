import Composable
import Foundation
import Testing

@MainActor
struct PrintChangesTests {
  @Test func writesEachActionAndItsDiff() {
    let output = LockIsolated("")
    let log = ChangeLog { text in output.withValue { $0 += text } }
    let store = Store(initialState: Tally.State()) { Tally()._printChanges(to: log) }

    store.send(.incrementAndRename)
    #expect(output.value.contains("received action:"))
    #expect(output.value.contains(".incrementAndRename"))
    // Old and new values of what changed are marked; what did not is context.
    let lines = output.value.split(separator: "\n").map(String.init)
    #expect(lines.contains("-   count: 0,"))
    #expect(lines.contains("+   count: 1,"))
    #expect(lines.contains(#"+   name: "renamed","#))
    #expect(lines.contains("    fact: nil"))

    output.setValue("")
    store.send(.rename("renamed"))
    #expect(output.value.contains(#".rename("renamed")"#))
    #expect(output.value.contains("(No state changes)"))
  }

  @Test func effectActionsAreLoggedToo() {
    let output = LockIsolated("")
    let store = Store(initialState: Tally.State()) {
      Tally()._printChanges(to: ChangeLog { text in output.withValue { $0 += text } })
    }
    store.send(.twice)
    let text = output.value
    // Three entries, in the order processed.
    #expect(text.components(separatedBy: "received action:").count == 4)
    let twice = text.range(of: ".twice")
    let increment = text.range(of: ".increment")
    #expect(twice != nil && increment != nil && twice!.lowerBound < increment!.lowerBound)
    #expect(text.contains("count: 2"))
  }

  @Test func appendsToAFile() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("changes-\(UUID().uuidString).log").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "earlier run\n".write(toFile: path, atomically: true, encoding: .utf8)

    let log = try #require(ChangeLog.file(path))
    let store = Store(initialState: Tally.State()) { Tally()._printChanges(to: log) }
    store.send(.increment)

    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("earlier run\n"))
    #expect(text.contains("received action:"))
    #expect(text.contains(".increment"))
    #expect(text.contains("count: 1"))
  }

  @Test func fileLogFailsForAnUnwritablePath() {
    #expect(ChangeLog.file("/nonexistent-dir/changes.log") == nil)
  }
}

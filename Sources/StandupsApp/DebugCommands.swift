import ArgumentParser
import EventLoop
import Foundation
import Persistence
import StandupsCore

/// Saves a stream of edits as fast as it can, forever: the data-safety test
/// kills it with SIGKILL at random moments and checks the file stays readable.
/// Hidden from help, and in debug builds only; it exists for tests.
struct SaveBurst: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "debug-save-burst", shouldDisplay: false)

  @Option(name: .long) var data: String

  func run() async throws {
    let file = DataFile(path: data)
    var standups = (try? file.load() ?? nil) ?? SampleData.standups
    let saver = Saver(file: file, executor: ThreadExecutor(), interval: .zero)
    var edit = 0
    while true {
      edit += 1
      // Each edit changes size and content, so a torn write would show.
      standups[0].title = "Edit \(edit) " + String(repeating: "x", count: edit % 500)
      standups[0].meetings.insert(
        Meeting(id: .init(UUID()), date: Date(), transcript: "note \(edit)"), at: 0)
      if standups[0].meetings.count > 50 { standups[0].meetings.removeLast() }
      await saver.schedule(standups)
      await saver.flush()
    }
  }
}

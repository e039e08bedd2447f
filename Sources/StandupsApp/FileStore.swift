import EventLoop
import Persistence
import StandupsCore

/// The standups store on the data file: changes go to a `Saver` on a thread
/// of its own; what became of them comes back as events.
struct FileStore {
  let saver: Saver<IdentifiedArrayOf<Standup>>
  let store: StandupsStore

  init(file: DataFile) {
    let (events, continuation) = AsyncStream.makeStream(of: PersistenceEvent.self)
    let saver = Saver(file: file, executor: ThreadExecutor()) { failure in
      continuation.yield(failure.map { .failed($0.summary) } ?? .saved)
    }
    self.saver = saver
    // One listener (the app's root feature, from launch on).
    store = StandupsStore(save: { saver.submit($0) }, events: { events })
  }

  /// Nothing is saved: another instance holds the file, or it is not a file.
  static let readOnly = StandupsStore(save: { _ in }, events: { AsyncStream { $0.finish() } })
}

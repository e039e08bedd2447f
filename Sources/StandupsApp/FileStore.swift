import EventLoop
import Foundation
import Persistence
import StandupsCore

/// The standups store on the data file: changes go to a `Saver` on a thread
/// of its own, which merges nothing itself while the app runs: another
/// writer's change comes back as an event for the app to merge. A watcher
/// on the file's directory tells the saver when to look — and, while another
/// instance holds the file's lock, when to try to take it.
struct FileStore {
  let saver: Saver<IdentifiedArrayOf<Standup>>
  let store: StandupsStore
  let watcher: FileWatcher

  init(
    file: DataFile, launch: Launch, watchMode: FileWatcher.Mode,
    watch: FileWatcher.Watch? = nil, writes: Bool = true, notWrittenBecause: String? = nil,
    waitingFor lock: FileLock? = nil
  ) {
    let (events, continuation) = AsyncStream.makeStream(of: PersistenceEvent.self)
    let saver = Saver(
      file: file, executor: ThreadExecutor(),
      // One that never writes knows what it started with even where no file
      // was read: quitting keeps only what was changed since.
      baseline: .loaded(
        launch.version == nil && writes ? nil : launch.standups, launch.version),
      merge: .standups, writes: writes, notWrittenBecause: notWrittenBecause
    ) { event in
      continuation.yield(PersistenceEvent(event))
    }
    self.saver = saver
    // While another instance holds the lock, its letting go is watched too.
    watcher = saver.watchingFile(mode: watchMode, watch: watch, waitingFor: lock)
    // One listener (the app's root feature, from launch on).
    store = StandupsStore(
      save: { saver.submit($0, revision: $1) }, events: { events },
      keepConflicts: { conflicts in
        await saver.keepConflictCopy(conflicts).map { ($0 as NSString).lastPathComponent }
      })
  }

  /// Nothing is saved: another instance holds the file, or it is not a file.
  static let readOnly = StandupsStore(
    save: { _, _ in }, events: { AsyncStream { $0.finish() } })

  /// How to watch: inotify, unless `STANDUPS_WATCH=poll` asks for polling
  /// (file systems without inotify; tests).
  static func watchMode(environment: [String: String]) -> FileWatcher.Mode {
    environment["STANDUPS_WATCH"] == "poll" ? .polling(.milliseconds(500)) : .inotify
  }
}

extension PersistenceEvent {
  init(_ event: SaverEvent<IdentifiedArrayOf<Standup>>) {
    switch event {
    case .saved: self = .saved
    case .failed(let failure): self = .failed(failure.summary)
    case .changed(let stored, let base, let revision):
      self = .changedElsewhere(stored: stored, base: base ?? [], revision: revision)
    case .notice(let text): self = .notice(text)
    case .becameReadOnly(let text): self = .readOnly(text)
    case .becameWritable(let text): self = .writable(text)
    }
  }
}

extension DocumentMerge where Document == IdentifiedArrayOf<Standup> {
  /// The domain's merge, for the saver's own use on quit.
  static var standups: Self {
    Self { base, mine, theirs in
      let merge = StandupsMerge(base: base ?? [], mine: mine, theirs: theirs ?? [])
      return (merge.standups, merge.conflicts.isEmpty ? nil : merge.conflicts)
    }
  }
}

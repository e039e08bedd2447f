import Foundation
import Synchronization

/// An exclusive lock beside a data file (`<path>.lock`), held while the app
/// runs, so a second instance on the same file follows it read-only instead
/// of overwriting the first one's saves. The kernel drops it if the process
/// dies. A follower keeps the lock file open and tries again when told the
/// holder may have let go (`takeIfFree`): then it is the one that saves.
public final class FileLock: Sendable {
  private let fd: Int32
  private let held: Atomic<Bool>

  /// Takes the lock if no other process holds it (`isHeld`).
  public init(dataPath: String) {
    let lockPath = Self.path(forData: dataPath)
    let directory = PathName.parent(of: lockPath)
    if !directory.isEmpty {
      try? FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    }
    fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    // No lock file possible (read-only directory): proceed; saving will report it.
    held = Atomic(fd < 0 || flock(fd, LOCK_EX | LOCK_NB) == 0)
  }

  /// Where the lock for `dataPath` is.
  public static func path(forData dataPath: String) -> String { dataPath + ".lock" }

  public var isHeld: Bool { held.load(ordering: .acquiring) }

  /// Takes the lock if the process that held it has let it go; true when
  /// this one holds it (now, or already). Trying again opens nothing, so
  /// it makes no event another instance's watcher would hear.
  public func takeIfFree() -> Bool {
    if isHeld { return true }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return false }
    held.store(true, ordering: .releasing)
    return true
  }

  /// How long after a holder's close the lock is tried again while it is
  /// still held (the close is reported before the lock is dropped).
  public static let retryDelays: [Duration] = [
    .milliseconds(5), .milliseconds(50), .milliseconds(500),
  ]

  deinit {
    if fd >= 0 { close(fd) }
  }
}

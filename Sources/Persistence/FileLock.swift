import Foundation

/// An exclusive lock beside a data file (`<path>.lock`), held while the app
/// runs, so a second instance on the same file opens read-only instead of
/// overwriting the first one's saves. The kernel drops it if the process dies.
public final class FileLock {
  private let fd: Int32

  /// Takes the lock, or returns nil when another process holds it.
  public init?(dataPath: String) {
    let lockPath = dataPath + ".lock"
    let directory = PathName.parent(of: lockPath)
    if !directory.isEmpty {
      try? FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    }
    let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
    // No lock file possible (read-only directory): proceed; saving will report it.
    guard fd >= 0 else {
      self.fd = -1
      return
    }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
      close(fd)
      return nil
    }
    self.fd = fd
  }

  deinit {
    if fd >= 0 { close(fd) }
  }
}

import CFileSystem
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Tells when a file may have changed on disk: inotify on the directory
/// holding it (and on the link's directory when the path is a symbolic link),
/// reporting only events that name the file, so temporary files and the lock
/// beside it are ignored — unless asked to follow the lock too, for an
/// instance waiting for the holder to let go. Without inotify (or when
/// asked), it polls.
///
/// The report is only a hint: the saver compares the file with the version
/// it knows, which also ignores the app's own saves.
public final class FileWatcher: Sendable {
  public enum Mode: Equatable, Sendable {
    case inotify
    /// Calls back every `interval` (file systems without inotify, and tests).
    case polling(Duration)
  }

  /// Hands a descriptor to the app's event loop: calls the handler once when
  /// it is readable; false when there is no loop (a thread of its own then).
  public typealias Watch =
    @Sendable ([pollfd], @escaping @Sendable ([pollfd]) -> Void) -> Bool

  /// How the watcher ended up watching (inotify may be unavailable).
  public let mode: Mode
  private let inotify: Int32
  private let names: Set<String>
  private let onChange: @Sendable () -> Void
  /// The lock file's name, when its events are wanted too.
  private let lockName: String?
  private let onLockEvent: @Sendable () -> Void
  private let stopPipe: (read: Int32, write: Int32)
  private let stopped = Atomic(false)

  /// `lockPath`: a lock another process holds; `onLockEvent` is called
  /// when it may have let go (the lock file was closed; every poll).
  public init(
    path: String, mode requested: Mode = .inotify, watch: Watch? = nil,
    lockPath: String? = nil, onLockEvent: @escaping @Sendable () -> Void = {},
    onChange: @escaping @Sendable () -> Void
  ) {
    self.onChange = onChange
    self.onLockEvent = onLockEvent
    let resolved = PathName.linkTarget(of: path)
    var directories: Set<String> = [directory(of: resolved)]
    var names: Set<String> = [Self.name(of: resolved)]
    if resolved != path {
      directories.insert(directory(of: path))
      names.insert(Self.name(of: path))
    }
    lockName = lockPath.map(Self.name(of:))
    if let lockPath { directories.insert(directory(of: lockPath)) }
    self.names = names
    var fds: [Int32] = [-1, -1]
    var inotify: Int32 = -1
    if requested == .inotify, !directories.contains(where: Self.isRemote) {
      inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      let mask = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY)
      for directory in directories where inotify >= 0 {
        if inotify_add_watch(inotify, directory, mask) < 0 {
          close(inotify)
          inotify = -1
        }
      }
    }
    self.inotify = inotify
    _ = pipe(&fds)
    if inotify >= 0 {
      mode = .inotify
    } else if case .polling(let interval) = requested {
      mode = .polling(interval)
    } else {
      mode = .polling(.milliseconds(500))
    }
    stopPipe = (fds[0], fds[1])
    start(watch: watch)
  }

  /// File systems whose other clients' writes inotify never hears of
  /// (NFS, SMB/CIFS, FUSE, 9p, Ceph, AFS): watched by polling instead.
  static let remoteFileSystems: Set<Int> = [
    0x6969, 0x517B, 0xFF53_4D42, 0xFE53_4D42, 0x6573_5546, 0x0102_1997, 0x00C3_6400,
    0x5346_414F,
  ]

  static func isRemote(_ directory: String) -> Bool {
    remoteFileSystems.contains(Int(fs_type(directory)))
  }

  private func start(watch: Watch?) {
    switch mode {
    case .inotify:
      if let watch, arm(on: watch) { return }
      let thread = Thread { [self] in self.serveOnThisThread() }
      thread.name = "file watcher"
      thread.start()
    case .polling(let interval):
      // A thread of its own that sleeps in poll(2) on the stop pipe: no
      // executor or pool to wait for.
      let milliseconds = Int32(
        clamping: interval.components.seconds * 1000
          + interval.components.attoseconds / 1_000_000_000_000_000)
      let thread = Thread { [self] in self.pollOnThisThread(every: max(1, milliseconds)) }
      thread.name = "file poller"
      thread.start()
    }
  }

  private func pollOnThisThread(every milliseconds: Int32) {
    var stop = pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0)
    while true {
      let n = poll(&stop, 1, milliseconds)
      if n < 0, errno == EINTR { continue }
      guard n == 0 else { return }
      if lockName != nil { onLockEvent() }
      onChange()
    }
  }

  /// Waits on the app's loop, once; the handler drains and waits again.
  private func arm(on watch: @escaping Watch) -> Bool {
    let fd = pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)
    return watch([fd]) { [self] _ in
      guard !self.stopped.load(ordering: .relaxed) else { return }
      self.report(self.drain())
      _ = self.arm(on: watch)
    }
  }

  private func serveOnThisThread() {
    var fds = [
      pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
      pollfd(fd: stopPipe.read, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let n = poll(&fds, 2, -1)
      if n < 0, errno == EINTR { continue }
      guard n > 0, fds[1].revents == 0 else { return }
      report(drain())
    }
  }

  private func report(_ seen: (file: Bool, lock: Bool)) {
    // The lock first: a holder's last save comes before it lets go, so the
    // look that follows taking the lock sees that save.
    if seen.lock { onLockEvent() }
    if seen.file { onChange() }
  }

  /// Reads the pending events, a few buffers at most: whether one named
  /// the watched file, and whether one closed the lock file. Events that
  /// keep coming (a log written beside the file) must not hold the loop
  /// away from the keyboard: the rest are read on its next turn.
  private func drain() -> (file: Bool, lock: Bool) {
    var relevant = false
    var lockClosed = false
    let size = 16 * 1024
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
    defer { buffer.deallocate() }
    for _ in 0..<4 {
      let n = read(inotify, buffer, size)
      if n < 0, errno == EINTR { continue }
      guard n > 0 else { return (relevant, lockClosed) }
      var offset = 0
      while offset + MemoryLayout<inotify_event>.size <= n {
        let event = (buffer + offset).loadUnaligned(as: inotify_event.self)
        let nameStart = buffer + offset + MemoryLayout<inotify_event>.size
        if event.len > 0 {
          let name = String(cString: nameStart.assumingMemoryBound(to: CChar.self))
          if names.contains(name) { relevant = true }
          if name == lockName, event.mask & UInt32(IN_CLOSE_WRITE) != 0 { lockClosed = true }
        } else if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
          relevant = true
          lockClosed = lockName != nil
        }
        offset += MemoryLayout<inotify_event>.size + Int(event.len)
      }
    }
    return (relevant, lockClosed)
  }

  deinit {
    for fd in [inotify, stopPipe.read, stopPipe.write] where fd >= 0 { close(fd) }
  }

  /// Stops watching (tests; the app watches until it ends).
  public func stop() {
    stopped.store(true, ordering: .relaxed)
    if stopPipe.write >= 0 {
      var byte: UInt8 = 1
      _ = write(stopPipe.write, &byte, 1)
    }
  }

  private static func name(of path: String) -> String {
    (path as NSString).lastPathComponent
  }
}

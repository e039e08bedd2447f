extension Saver {
  /// Watches the saver's file for it (and, while another instance holds
  /// `lock`, for that instance letting go: then this one takes the lock and
  /// writes), and looks at the file once now, for anything written between
  /// loading and watching.
  public nonisolated func watchingFile(
    mode: FileWatcher.Mode, watch: FileWatcher.Watch?, waitingFor lock: FileLock?
  ) -> FileWatcher {
    let waited = lock.flatMap { $0.isHeld ? nil : $0 }
    let watcher = FileWatcher(
      path: file.path, mode: mode, watch: watch,
      lockPath: waited.map { _ in FileLock.path(forData: file.resolvedPath) },
      onLockEvent: { self.startWritingOnceLocked(waited, afterEvent: true) },
      onChange: { self.fileMayHaveChanged() })
    // A holder that let go before the watch began is heard by no event.
    startWritingOnceLocked(waited)
    fileMayHaveChanged()
    return watcher
  }
}

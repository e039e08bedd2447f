import Foundation

/// Quitting (and stopping for Ctrl-Z): what is pending is written now, and
/// what cannot be written goes to a conflict copy beside the file.
extension Saver {
  /// Writes what is pending now, merging anything another writer changed
  /// meanwhile (before the program stops, or as it quits: it cannot merge any
  /// more). Returns the failure, if the write failed.
  @discardableResult
  public func flush() -> DocumentFailure? {
    flushReporting(isQuitting: false).failure
  }

  /// `flush()`, with the notes for standard error (conflict copies written).
  /// Quitting, an instance that only follows the file keeps what was changed
  /// in it in a conflict copy (once, not at every suspend).
  public func flushReporting(isQuitting: Bool = true) -> (
    failure: DocumentFailure?, notes: [String]
  ) {
    if let (document, revision) = takeSubmitted() {
      if pending == nil || revision >= pending!.revision { pending = (document, revision) }
    }
    scheduled?.cancel()
    scheduled = nil
    guard writes else {
      // The file is the holder's, not even written now: what was changed
      // here goes to a copy beside it, named for the user (or, if no copy
      // can be made, the user is told it is gone).
      guard isQuitting, let current = pending, current.document != known?.document else {
        return (nil, [])
      }
      pending = nil
      let kept = keepConflicts(current.document, reason: notWrittenBecause)
      return (
        nil,
        kept.isEmpty
          ? [
            "\(file.path) was not saved (\(notWrittenBecause)), so the changes made here were not written"
          ] : kept
      )
    }
    guard var current = pending else { return (nil, []) }
    if isReadOnly {
      // Never written over a newer version's file: kept beside it instead.
      guard current.document != known?.document else { return (nil, []) }
      pending = nil
      return (nil, keepConflicts(current.document, reason: "a newer version replaced it"))
    }
    var notes: [String] = []
    if current.revision < revision, let known {
      let base = staleBases[current.revision] ?? known.document
      let merged = merge.merge(base, current.document, known.document)
      notes += keepConflicts(merged.conflicts)
      current = (merged.document, revision)
      pending = current
    }
    for _ in 0..<5 {
      let before = known
      let look = lookAtFile()
      switch look {
      case .readOnly:
        pending = nil
        return (nil, notes + keepConflicts(current.document, reason: "a newer version replaced it"))
      case .unsettled:
        // Quitting cannot wait for it to settle: the data goes beside it.
        notes += keepConflicts(current.document, reason: "another program is writing it")
        pending = nil
        return (nil, notes)
      case .changed:
        let merged = merge.merge(before?.document, current.document, known?.document)
        notes += keepConflicts(merged.conflicts)
        current = (merged.document, revision)
        pending = current
      case .unchanged:
        if let failure = writePending(force: true) {
          return (failure, notes + keptOnQuitting(current.document, failure, isQuitting))
        }
        guard let left = pending else { return (nil, notes) }
        current = left
      }
    }
    guard let failure = writePending(force: true) else { return (nil, notes) }
    return (failure, notes + keptOnQuitting(current.document, failure, isQuitting))
  }

  /// Quitting, what a failed write could not put in the file goes to a
  /// copy beside it (a directory where it should be, no permission): after
  /// the program ends nothing would be left of it.
  private func keptOnQuitting(_ document: Document, _ failure: DocumentFailure, _ isQuitting: Bool)
    -> [String]
  {
    guard isQuitting, let path = keepConflictCopy(document) else { return [] }
    pending = nil
    let reason: String
    switch failure {
    case .unwritable(_, let text), .unreadable(_, let text): reason = text
    default: reason = failure.summary
    }
    return ["\(file.path) could not be saved (\(reason)): your version is in \(path)"]
  }

  /// Writes `document` to a conflict copy beside the file (or where
  /// `elsewhere` says, when the file's directory takes none); its path.
  public func keepConflictCopy(_ document: Document) -> String? {
    do {
      return try file.writeConflictCopy(document, elsewhere: elsewhere())
    } catch {
      onEvent(.failed(error))
      return nil
    }
  }

  private func keepConflicts(
    _ conflicts: Document?, reason: String = "another program changed it too"
  ) -> [String] {
    guard let conflicts, let path = keepConflictCopy(conflicts) else { return [] }
    return ["\(file.path) was not saved over (\(reason)): your version is in \(path)"]
  }
}

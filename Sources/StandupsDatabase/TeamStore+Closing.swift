import Foundation
import NIOCore
import StandupsCore

#if canImport(Glibc)
  import Glibc
#endif

/// The close: every change saved, journaled or kept in a data file, and what
/// the user should know about it.
extension TeamStore {
  func finish() async -> [String] {
    await flush()
    // A change from elsewhere reached the app as it quit: it merges it and
    // submits the result, which holds the user's last change. Waited for
    // (the app is on this machine: a moment), or that change would be
    // dropped as made before the one from elsewhere.
    if lastStale != nil {
      await waitForResubmission(atMost: min(answerTimeout, .seconds(2)))
      await flush()
    }
    // Submitted after that flush, with nothing refused: late, not held back.
    if lastRefusal == nil, journalFailure == nil, latest.withLock({ $0 != nil }) {
      await flush()
    }
    writeCacheNow()
    var notes: [String] = []
    if let (standups, _) = takeLatest() {
      notes.append(keepLeftOver(standups))
    } else if let stale = lastStale, case let held = Self.heldBack(stale, against: known.standups),
      !held.isEmpty
    {
      // It never came: what the app last sent is kept for an import, which
      // applies the conflict rule (sent now, it would undo the other change).
      leftChangesUnsaved.withLock { $0 = true }
      let kept = (try? files.keepUnsaved(held)) ?? keepInTemporaryDirectory(held)
      notes.append(
        "another member's change arrived as you quit, and your last changes could not be "
          + "merged with it: "
          + (kept.map { "they are kept in \($0), a data file to send with 'standups import'" }
            ?? "they could not be kept"))
    } else if let heldCopy, files.hasJournal {
      // Refused, then offline: the journal holds them now, and its replay
      // holds back again whatever the server still refuses.
      unlink(heldCopy.path)
      self.heldCopy = nil
    }
    if let standups = changedWhileReadOnly {
      leftChangesUnsaved.withLock { $0 = true }
      let kept = (try? files.keepUnsaved(standups)).map { "they are kept in \($0), a data file" }
      notes.append(
        "the database is read-only (set up by a newer standups), so your changes were not "
          + "saved: " + (kept ?? "they could not be kept"))
    }
    let stillUnsaved = earlierUnsaved.filter { FileManager.default.fileExists(atPath: $0) }
    if let newest = stillUnsaved.last {
      let more = stillUnsaved.count == 1 ? "" : " (and \(stillUnsaved.count - 1) older)"
      // A database set up by a newer standups takes no import.
      let advice = readOnly ? "" : ": 'standups import' sends what the database lacks"
      notes.append(
        "changes an earlier session could not save are still kept in \(newest)\(more)" + advice)
    }
    if files.hasJournal {
      let count = files.readJournal().count
      let saves = count == 1 ? "1 save is" : "\(count) saves are"
      notes.append(
        "\(offline): \(saves) kept in \(files.journalPath) and sent the "
          + "next time standups connects")
    }
    let lost = connection
    connection = nil
    if let lost { try? await lost.close() }
    listening?.cancel()
    await listening?.value
    work.finish()
    await worker?.value
    emit.finish()
    return notes
  }

  /// Why the app is offline, for the notes at quit: a refusal (a changed
  /// password) will not end by itself, as an outage may.
  private var offline: String {
    reconnectRefusal.map { "the database refused the connection (\($0))" }
      ?? "the database was out of reach"
  }

  /// What the last flush left: a save the server refused, waiting for its
  /// retry, or changes made offline the journal could not take. Kept in a
  /// data file (beside the journal, else in the temporary directory);
  /// what to tell the user.
  private func keepLeftOver(_ standups: IdentifiedArrayOf<Standup>) -> String {
    leftChangesUnsaved.withLock { $0 = true }
    let stored = pending ?? known.standups
    let kept =
      keepHeld(standups, against: stored)
      ?? keepInTemporaryDirectory(
        Self.heldBack(standups, against: stored))
    let advice = kept.map {
      ": your changes are kept in \($0), a data file to send with 'standups import' once it "
    }
    if let journalFailure {
      return "\(offline) and the journal could not be written "
        + "(\(journalFailure))" + (advice.map { $0 + "is back" } ?? ": your last changes are lost")
    }
    let reason = lastRefusal.map { " (\($0))" } ?? ""
    return "the server refused the last changes\(reason)"
      + (advice.map { $0 + "accepts them" } ?? ", and they could not be kept")
  }

  /// Where the user's changes go when the journal's directory takes no file.
  private func keepInTemporaryDirectory(_ standups: IdentifiedArrayOf<Standup>) -> String? {
    guard !standups.isEmpty, let data = try? StandupsFormat.encode(standups) else { return nil }
    // NSTemporaryDirectory() ends with a slash.
    let directory = NSTemporaryDirectory()
    let path =
      (directory.hasSuffix("/") ? directory : directory + "/")
      + "standups-unsaved-\(UUID().uuidString.prefix(8)).json"
    // Only the user may read it (notes), and never another file of that name.
    let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard fd >= 0 else { return nil }
    defer { Glibc.close(fd) }
    let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    guard written == data.count, fsync(fd) == 0 else {
      unlink(path)
      return nil
    }
    return path
  }

  /// Returns once the app submitted again, or `limit` passed.
  private func waitForResubmission(atMost limit: Duration) async {
    await withCheckedContinuation { continuation in
      resubmissionWaiter = continuation
      isWaitingForResubmission.withLock { $0 = true }
      loop.scheduleTask(in: TimeAmount(limit)) { [work] in
        work.yield(.resubmissionOverdue)
      }
    }
  }

  func resumeResubmissionWaiter() {
    resubmissionWaiter?.resume()
    resubmissionWaiter = nil
  }
}

// What a `Saver` starts from, reports and merges with.

/// What the saver starts from.
public enum Baseline<Document: Sendable>: Sendable {
  /// The document the app loaded and the file's version then (nil, nil: no file).
  case loaded(Document?, FileVersion?)
  /// Whatever the file holds at the first look.
  case unknown
}

/// What became of saves, and what happened to the file.
public enum SaverEvent<Document: Sendable>: Sendable {
  case saved
  case failed(DocumentFailure)
  /// Another writer changed the file: `stored` is what it holds, `base` what
  /// the app's state came from (nil: there was no file). The app merges and
  /// submits the result with `revision`.
  case changed(stored: Document, base: Document?, revision: Int)
  /// Something the user should know about the file (it went bad and was
  /// written again from memory).
  case notice(String)
  /// The file is from a newer version now: nothing is saved any more.
  case becameReadOnly(String)
  /// The instance that held the file let it go: this one saves it now.
  case becameWritable(String)
}

/// The app's three-way merge, for the saver to use when it must merge
/// itself (on quit): base, mine, theirs → merged, and the user's versions
/// that lost a conflict (to keep in a conflict copy).
public struct DocumentMerge<Document: Sendable>: Sendable {
  public var merge:
    @Sendable (Document?, Document, Document?) -> (document: Document, conflicts: Document?)

  public init(
    _ merge:
      @escaping @Sendable (Document?, Document, Document?) -> (
        document: Document, conflicts: Document?
      )
  ) {
    self.merge = merge
  }

  /// Mine wins (documents without a merge of their own).
  public static var keepMine: Self { Self { _, mine, _ in (mine, nil) } }
}

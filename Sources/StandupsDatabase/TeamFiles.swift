import Foundation
import Persistence
import StandupsCore

#if canImport(Glibc)
  import Glibc
#endif

/// The files team mode keeps on this machine, one pair per server and
/// database: the cache of the last sync (for `--offline-ok`) and the journal
/// of changes made while the server was out of reach.
public struct TeamFiles: Sendable {
  /// `$XDG_CACHE_HOME/standups/<hash>.json` (default `~/.cache`).
  public var cachePath: String
  /// `$XDG_STATE_HOME/standups/journal-<hash>.jsonl` (default `~/.local/state`).
  public var journalPath: String
  /// Beside the journal, what names the data files of changes the server
  /// refused (`<stem>-<UTC time>Z.json`): `unsaved-<hash>`.
  public var unsavedStem: String

  public init(cachePath: String, journalPath: String) {
    self.cachePath = cachePath
    self.journalPath = journalPath
    unsavedStem = PathName.parent(of: journalPath) + "/unsaved"
  }

  public init(url: DatabaseURL, environment: [String: String]) {
    let home = environment["HOME"] ?? NSHomeDirectory()
    func base(_ variable: String, _ fallback: String) -> String {
      if let value = environment[variable], value.hasPrefix("/") { return value }
      return (home as NSString).appendingPathComponent(fallback)
    }
    let hash = Self.hash(url.serverKey)
    cachePath = "\(base("XDG_CACHE_HOME", ".cache"))/standups/\(hash).json"
    let state = "\(base("XDG_STATE_HOME", ".local/state"))/standups"
    journalPath = "\(state)/journal-\(hash).jsonl"
    unsavedStem = "\(state)/unsaved-\(hash)"
  }

  /// FNV-1a, 64 bits, in hex: stable across runs and machines.
  static func hash(_ text: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }

  // MARK: The cache

  struct Cache: Codable {
    var standups: [Standup]
    var versions: [String: Int64]
  }

  /// Replaces the cache with `stored` (mode 0600: it holds the team's data).
  func writeCache(_ stored: StoredStandups) throws {
    let cache = Cache(
      standups: Array(stored.standups),
      versions: Dictionary(uniqueKeysWithValues: stored.versions.map { ($0.uuidString, $1) }))
    try Self.writeAtomically(try JSONEncoder().encode(cache), to: cachePath)
  }

  /// The last sync's standups, nil if there is no cache (or it is unreadable).
  func readCache() -> StoredStandups? {
    guard let data = FileManager.default.contents(atPath: cachePath),
      let cache = try? JSONDecoder().decode(Cache.self, from: data)
    else { return nil }
    var stored = StoredStandups()
    stored.standups = IdentifiedArray(cache.standups, uniquingIDsWith: { first, _ in first })
    for (id, version) in cache.versions {
      if let uuid = UUID(uuidString: id) { stored.versions[.init(uuid)] = version }
    }
    return stored
  }

  // MARK: The journal

  /// Appends one save's changes as a line, on disk before this returns.
  func appendToJournal(_ changes: [StandupChange]) throws {
    guard !changes.isEmpty else { return }
    // After a line cut short (a crash, a full disk), a new line of its own:
    // appended to the fragment, this save would be unreadable too.
    var line = Self.endsMidLine(journalPath) ? Data([UInt8(ascii: "\n")]) : Data()
    line.append(try JSONEncoder().encode(changes))
    line.append(UInt8(ascii: "\n"))
    try Self.writeDurably(line, to: journalPath, flags: O_APPEND | O_CREAT)
  }

  /// Whether the file at `path` has bytes after its last line break.
  static func endsMidLine(_ path: String) -> Bool {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_size > 0 else { return false }
    var last: UInt8 = 0
    return pread(fd, &last, 1, info.st_size - 1) == 1 && last != UInt8(ascii: "\n")
  }

  /// Writes `standups` as a data file beside the journal
  /// (`<unsavedStem>-<UTC time>Z.json`, mode 0600), or over the one at
  /// `replacing`; returns its path.
  func keepUnsaved(_ standups: IdentifiedArrayOf<Standup>, replacing: String? = nil) throws
    -> String
  {
    let data = try StandupsFormat.encode(standups)
    if let replacing {
      try Self.writeAtomically(data, to: replacing)
      return replacing
    }
    let path = "\(unsavedStem)-\(utcFileTimestamp(Date()))Z.json"
    try Self.writeDurably(data, to: path, flags: O_CREAT | O_EXCL)
    return path
  }

  /// The data files earlier sessions kept (`keepUnsaved`), oldest first.
  public func unsavedFiles() -> [String] {
    let directory = PathName.parent(of: unsavedStem)
    let prefix = (unsavedStem as NSString).lastPathComponent + "-"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
      .map { "\(directory)/\($0)" }
  }

  /// `data` written to `path` (mode 0600 when created) and on disk before
  /// this returns.
  private static func writeDurably(_ data: Data, to path: String, flags: Int32) throws {
    try makeDirectory(for: path)
    let fd = open(path, O_WRONLY | O_CLOEXEC | flags, 0o600)
    guard fd >= 0 else { throw TeamFileError(path: path, errno: errno) }
    defer { close(fd) }
    let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    guard written == data.count, fsync(fd) == 0 else {
      throw TeamFileError(path: path, errno: errno)
    }
  }

  /// The journal's saves in order; a last line cut short by a crash is left out.
  func readJournal() -> [[StandupChange]] {
    guard let data = FileManager.default.contents(atPath: journalPath) else { return [] }
    let decoder = JSONDecoder()
    return data.split(separator: UInt8(ascii: "\n")).compactMap {
      try? decoder.decode([StandupChange].self, from: Data($0))
    }
  }

  /// Replaces the journal with `saves` (those a replay has not sent yet).
  func replaceJournal(with saves: [[StandupChange]]) throws {
    guard !saves.isEmpty else { return clearJournal() }
    var data = Data()
    for save in saves {
      data.append(try JSONEncoder().encode(save))
      data.append(UInt8(ascii: "\n"))
    }
    try Self.writeAtomically(data, to: journalPath)
  }

  var hasJournal: Bool {
    var info = stat()
    return stat(journalPath, &info) == 0 && info.st_size > 0
  }

  func clearJournal() {
    unlink(journalPath)
  }

  // MARK: Writing

  /// Makes the directories above `path` that are missing (mode 0700); a
  /// failure names the directory and the reason.
  static func makeDirectory(for path: String) throws {
    let directory = PathName.parent(of: path)
    guard !directory.isEmpty else { return }
    var info = stat()
    if stat(directory, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw TeamFileError(path: directory, errno: ENOTDIR)
      }
      return
    }
    try makeDirectory(for: directory)
    guard mkdir(directory, 0o700) == 0 || errno == EEXIST else {
      throw TeamFileError(path: directory, errno: errno)
    }
  }

  static func writeAtomically(_ data: Data, to path: String) throws {
    try makeDirectory(for: path)
    let temporary = path + ".tmp-\(getpid())"
    let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard fd >= 0 else { throw TeamFileError(path: temporary, errno: errno) }
    let written = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    let synced = fsync(fd) == 0
    close(fd)
    guard written == data.count, synced, rename(temporary, path) == 0 else {
      let error = TeamFileError(path: path, errno: errno)
      unlink(temporary)
      throw error
    }
  }
}

struct TeamFileError: Error, CustomStringConvertible {
  var path: String
  var errno: Int32
  var description: String { "\(path): \(String(cString: strerror(errno)))" }
}

import Foundation
import Persistence
import StandupsCore

#if canImport(Glibc)
  import Glibc
#endif

/// The standups data file: the generic document file in the standups format.
public typealias DataFile = DocumentFile<IdentifiedArrayOf<Standup>>

extension DocumentFormat where Document == IdentifiedArrayOf<Standup> {
  /// Versioned JSON (`StandupsFormat`); a large file is read in two halves,
  /// the second on a helper thread, and loading gives the file's pages back
  /// as the readers pass them.
  public static var standups: Self {
    DocumentFormat(
      name: "standups file", program: "standups", version: StandupsFormat.currentVersion,
      decode: { (data: Data) throws(FormatError) -> IdentifiedArrayOf<Standup> in
        do throws(StandupsFormat.Failure) {
          return try StandupsFormat.decode(data, helper: HelperThread.start)
        } catch {
          switch error {
          case .corrupt(let reason): throw .corrupt(reason)
          case .newerVersion(let version): throw .newerVersion(version)
          }
        }
      },
      encode: { JSONText.escapingInvisibles(try StandupsFormat.encode($0)) },
      decodeOnce: { bytes, passed, copy in
        var file: StoredBytes?
        if let copy { file = { range in copy.bytes(in: range) } }
        return StandupsFormat.decodeOnce(
          bytes, helper: HelperThread.start, passed: passed, file: file)
      },
      encodeInPieces: { standups, emit in
        var escaper = JSONText.Escaper()
        try StandupsFormat.write(standups) { try escaper.process($0, emit: emit) }
        try escaper.finish(emit: emit)
      })
  }
}

extension DocumentFile where Document == IdentifiedArrayOf<Standup> {
  public init(path: String) { self.init(path: path, format: .standups) }
}

/// Where the standups file is: `--data`, else `STANDUPS_DATA`, else
/// `$XDG_DATA_HOME/standups/standups.json`.
public let standupsDataLocation = DataLocation(
  variable: "STANDUPS_DATA", directory: "standups", file: "standups.json")

/// A thread for one piece of work, joined by the function it returns.
enum HelperThread {
  private final class Work: @unchecked Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  @Sendable static func start(_ work: @escaping @Sendable () -> Void) -> (@Sendable () -> Void)? {
    var thread = pthread_t()
    let box = Unmanaged.passRetained(Work(work)).toOpaque()
    let started = pthread_create(
      &thread, nil,
      { raw in
        Unmanaged<Work>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
      }, box)
    guard started == 0 else {
      Unmanaged<Work>.fromOpaque(box).release()
      return nil
    }
    let joinable = thread
    return { pthread_join(joinable, nil) }
  }
}

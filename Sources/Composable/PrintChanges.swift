import ConcurrencyExtras
import CustomDump
import Foundation

extension Reducer {
  /// Appends each action and the state diff it caused to `log` — a file, never
  /// the terminal the UI draws on.
  public func _printChanges(to log: ChangeLog) -> _PrintChangesReducer<Self> {
    _PrintChangesReducer(base: self, log: log)
  }
}

/// A sink for debug output of `_printChanges`.
public final class ChangeLog: Sendable {
  private let write: @Sendable (String) -> Void

  public init(write: @escaping @Sendable (String) -> Void) { self.write = write }

  /// Appends to the file at `path` (created if missing).
  public static func file(_ path: String) -> ChangeLog? {
    if !FileManager.default.fileExists(atPath: path) {
      guard FileManager.default.createFile(atPath: path, contents: nil) else { return nil }
    }
    guard let handle = FileHandle(forWritingAtPath: path) else { return nil }
    handle.seekToEndOfFile()
    let box = UncheckedSendable(handle)
    return ChangeLog { text in box.value.write(Data(text.utf8)) }
  }

  func append(_ text: String) { write(text) }
}

public struct _PrintChangesReducer<Base: Reducer>: Reducer {
  let base: Base
  let log: ChangeLog

  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let before = state
    let effect = base.reduce(into: &state, action: action)
    var text = "received action:\n"
    customDump(action, to: &text, indent: 2)
    text += "\n"
    if let difference = diff(before, state) {
      text += difference + "\n"
    } else {
      text += "  (No state changes)\n"
    }
    log.append(text)
    return effect
  }
}

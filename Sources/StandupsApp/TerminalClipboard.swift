import CursesBackend
import Foundation
import StandupsCore
import StandupsTUI

extension Clipboard {
  /// What a terminal's clipboard takes through OSC 52, at most (xterm's
  /// default limit is about this; larger copies are for `standups export`).
  static let limit = 64 * 1024

  /// The content as `standups export` prints it, sent with OSC 52.
  @MainActor
  static func terminal(_ terminal: CursesTerminal) -> Clipboard {
    osc52 { base64 in await terminal.copyToClipboard(base64: base64) }
  }

  /// The content's Markdown, base64-encoded for OSC 52, to `send`, if it is
  /// no larger than `limit` (apart from the terminal, for tests).
  static func osc52(
    timeZone: MarkdownExport.LocalTime = .process,
    send: @escaping @Sendable (_ base64: String) async -> Void
  ) -> Clipboard {
    Clipboard { content in
      let markdown =
        switch content {
        case .standup(let standup): MarkdownExport.markdown(standup: standup, timeZone: timeZone)
        case .meeting(let meeting, let standup):
          MarkdownExport.markdown(meeting: meeting, of: standup, timeZone: timeZone)
        }
      let size = markdown.utf8.count
      guard size <= limit else { return .tooLarge(bytes: size) }
      await send(Data(markdown.utf8).base64EncodedString())
      return .sent
    }
  }
}

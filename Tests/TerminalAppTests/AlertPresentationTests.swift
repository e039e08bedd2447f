import Clocks
import ComposableTesting
import Foundation
import TerminalApp
import Testing

/// Alerts and confirmation dialogs are keyed the same way, for any app.
@MainActor
@Suite struct AlertPresentationTests {
  enum Choice: Equatable, Sendable { case duplicate }

  @Test func aDialogsButtonsSendTheirActionsAndEscCancels() {
    let dialog = ConfirmationDialogState<Choice>(
      title: "Keyboard", buttons: [.default("Duplicate", action: .duplicate)])
    let presentation = AlertPresentation(dialog) { $0 }
    #expect(presentation.buttons.map(\.label) == ["Duplicate", "Cancel"])
    #expect(presentation.defaultFocus == 1)
    #expect(presentation.press(0) == .presented(.duplicate))
    #expect(presentation.press(1) == .dismiss)
    #expect(presentation.cancel == .dismiss)
    let keymap: Keymap<Shell<Counter>.Action> = AlertOverlay.keymap(
      AlertPresentation(dialog) { _ in .app(.increment) }, focus: 0)
    #expect(keymap.action(for: .char("d")) == .app(.increment))
    #expect(
      keymap.action(for: .right) == .alertFocusMoved(AlertFocus(alertID: dialog.id, index: 1)))
  }
}

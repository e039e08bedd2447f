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
    // A harmless choice asked for by a key: that choice is highlighted.
    #expect(presentation.defaultFocus == 0)
    #expect(presentation.press(0) == .presented(.duplicate))
    #expect(presentation.press(1) == .dismiss)
    #expect(presentation.cancel == .dismiss)
    let keymap: Keymap<Shell<Counter>.Action> = AlertOverlay.keymap(
      AlertPresentation(dialog) { _ in .app(.increment) }, focus: 0)
    #expect(keymap.action(for: .char("d")) == .app(.increment))
    #expect(
      keymap.action(for: .right) == .alertFocusMoved(AlertFocus(alertID: dialog.id, index: 1)))
  }

  /// Cancel is highlighted first wherever Enter could lose something: on an
  /// alert (it comes unasked, or asks about a loss) and on a dialog with a
  /// destructive choice.
  @Test func theSafeButtonIsHighlightedWhereAChoiceCouldLoseSomething() {
    let alert = AlertState<Choice>(
      title: "End meeting?", buttons: [.default("Save", action: .duplicate), .cancel("Resume")])
    #expect(AlertPresentation(alert) { $0 }.defaultFocus == 1)
    let dialog = ConfirmationDialogState<Choice>(
      title: "Keyboard", buttons: [.destructive("Delete", action: .duplicate)])
    #expect(AlertPresentation(dialog) { $0 }.defaultFocus == 1)
  }
}

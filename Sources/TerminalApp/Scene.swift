import Composable
import Foundation
import TerminalUI

/// What an app shows for one state: a full screen and, on top of it, at most
/// one overlay. Each is one value holding its drawing and its keys, so the
/// help bar, full help and the keys can never disagree.
public struct Scene<Action: Sendable, Memory> {
  public var screen: Screen<Action, Memory>
  public var overlay: SceneOverlay<Action, Memory>?

  public init(screen: Screen<Action, Memory>, overlay: SceneOverlay<Action, Memory>? = nil) {
    self.screen = screen
    self.overlay = overlay
  }
}

/// A full screen: its keys, and how to draw it given the bindings its help
/// bar shows (view memory, such as scroll offsets, is kept between frames).
public struct Screen<Action: Sendable, Memory> {
  public var keymap: Keymap<Action>
  public var draw: (inout Canvas, _ helpBar: [KeyBinding], inout Memory) -> Void

  public init(
    keymap: Keymap<Action>,
    draw: @escaping (inout Canvas, _ helpBar: [KeyBinding], inout Memory) -> Void
  ) {
    self.keymap = keymap
    self.draw = draw
  }
}

/// What can sit on top of a screen.
public enum SceneOverlay<Action: Sendable, Memory> {
  /// A window of the app's own (a sheet, a popover): its keys, and its layer
  /// for a screen size given the bindings its own help bar shows.
  case sheet(
    keymap: Keymap<Action>, layer: (Size, _ helpBar: [KeyBinding], inout Memory) -> Layer)
  /// An alert, drawn and keyed the same way in every app.
  case alert(AlertPresentation<Action>)
}

/// An alert as the runtime shows it: its text, its buttons, and the action
/// each button sends (Esc sends `cancel`).
public struct AlertPresentation<Action: Sendable> {
  public struct Button: Equatable, Sendable {
    public var label: String
    public var isCancel: Bool
  }
  public var id: UUID
  public var title: String
  public var message: String?
  public var buttons: [Button]
  public var press: (Int) -> Action
  public var cancel: Action
  /// Drawn at the bottom of the screen, as an action sheet (a confirmation
  /// dialog), rather than centred (an alert).
  public var isActionSheet = false
  /// Whether a button destroys something (its role is destructive).
  public var hasDestructiveButton = false

  /// The alert of a presentation: a button's action is sent as `.presented`,
  /// a button without one (and Esc without a cancel button) as `.dismiss`.
  public init<A: Sendable>(
    _ alert: AlertState<A>, send embed: @escaping (PresentationAction<A>) -> Action
  ) {
    self.init(
      id: alert.id, title: alert.title, message: alert.message, buttons: alert.buttons,
      send: embed)
  }

  /// A confirmation dialog: keyed as an alert (its buttons always include a
  /// cancel one, which Esc presses).
  public init<A: Sendable>(
    _ dialog: ConfirmationDialogState<A>, send embed: @escaping (PresentationAction<A>) -> Action
  ) {
    self.init(
      id: dialog.id, title: dialog.title, message: dialog.message, buttons: dialog.buttons,
      send: embed)
    isActionSheet = true
  }

  private init<A: Sendable>(
    id: UUID, title: String, message: String?, buttons: [ButtonState<A>],
    send embed: @escaping (PresentationAction<A>) -> Action
  ) {
    self.id = id
    self.title = title
    self.message = message
    self.buttons = buttons.map { Button(label: $0.label, isCancel: $0.role == .cancel) }
    hasDestructiveButton = buttons.contains { $0.role == .destructive }
    let actions = buttons.map(\.action)
    let press: (Int) -> Action = { index in
      embed(actions[index].map { .presented($0) } ?? .dismiss)
    }
    self.press = press
    cancel = buttons.firstIndex { $0.role == .cancel }.map(press) ?? embed(.dismiss)
  }

  /// The button highlighted when it appears: the safe one (cancel) on an
  /// alert, which comes unasked (ending a meeting) or asks about losing
  /// something; on a confirmation dialog of harmless choices, the first
  /// choice, which the key that opened it asked for.
  public var defaultFocus: Int {
    if isActionSheet, !hasDestructiveButton, let first = buttons.firstIndex(where: { !$0.isCancel })
    {
      return first
    }
    return buttons.firstIndex(where: \.isCancel) ?? 0
  }
}

/// An app as the runtime hosts it: its smallest usable size, its view memory,
/// and the scene for a state at a size.
public struct AppView<App: Reducer & SendableMetatype, Memory>: Sendable
where App.State: Equatable & Sendable, App.Action: Equatable & Sendable {
  public typealias Action = Shell<App>.Action
  public var minimumSize: Size
  public var scene: @Sendable (App.State, Size) -> Scene<Action, Memory>
  /// Shown at the foot of full help (e.g. the route of the screen), if any.
  public var helpFooter: @Sendable (App.State) -> String?

  public init(
    minimumSize: Size, scene: @escaping @Sendable (App.State, Size) -> Scene<Action, Memory>,
    helpFooter: @escaping @Sendable (App.State) -> String? = { _ in nil }
  ) {
    self.minimumSize = minimumSize
    self.scene = scene
    self.helpFooter = helpFooter
  }
}

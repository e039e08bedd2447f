import Foundation

/// What a button does to the state that shows it.
public enum ButtonRole: String, Hashable, Sendable {
  /// Closes without acting (Esc chooses it).
  case cancel
  /// Destroys something; drawn to warn.
  case destructive
}

/// A button in an alert or dialog: a label, a role, and an action to send.
public struct ButtonState<Action> {
  public var label: String
  public var role: ButtonRole?
  public var action: Action?

  public init(role: ButtonRole? = nil, action: Action? = nil, label: String) {
    self.role = role
    self.action = action
    self.label = label
  }

  public static func cancel(_ label: String, action: Action? = nil) -> Self {
    Self(role: .cancel, action: action, label: label)
  }
  public static func destructive(_ label: String, action: Action? = nil) -> Self {
    Self(role: .destructive, action: action, label: label)
  }
  public static func `default`(_ label: String, action: Action? = nil) -> Self {
    Self(action: action, label: label)
  }
}

extension ButtonState: Equatable where Action: Equatable {
  public static func == (l: Self, r: Self) -> Bool {
    l.label == r.label && l.role == r.role && l.action == r.action
  }
}
extension ButtonState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(label)
    hasher.combine(role)
    hasher.combine(action)
  }
}
extension ButtonState: Sendable where Action: Sendable {}

/// A modal question: title, message, buttons. It closes itself when any button
/// is chosen (the button's action, if any, goes to the parent).
public struct AlertState<Action>: Identifiable, _EphemeralState {
  public let id: UUID
  public var title: String
  public var message: String?
  public var buttons: [ButtonState<Action>]

  public init(title: String, message: String? = nil, buttons: [ButtonState<Action>] = []) {
    // Identity for navigation only (a new alert is a new presentation); not
    // from the uuid dependency, so tests need not stub it to show an alert.
    self.id = UUID()
    self.title = title
    self.message = message
    // An alert always offers a way out.
    self.buttons = buttons.isEmpty ? [.cancel("OK")] : buttons
  }

  /// The button Esc picks: the cancel one, else the last one.
  public var cancelButton: ButtonState<Action>? {
    buttons.first { $0.role == .cancel } ?? buttons.last
  }

  public static var actionType: Any.Type { Action.self }
}

extension AlertState: Equatable where Action: Equatable {
  public static func == (l: Self, r: Self) -> Bool {
    l.title == r.title && l.message == r.message && l.buttons == r.buttons
  }
}
extension AlertState: Hashable where Action: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(title)
    hasher.combine(message)
    hasher.combine(buttons)
  }
}
extension AlertState: Sendable where Action: Sendable {}

/// A choice among several actions (an action sheet), closing itself like an alert.
public struct ConfirmationDialogState<Action>: Identifiable, _EphemeralState {
  public let id: UUID
  public var title: String
  public var message: String?
  public var buttons: [ButtonState<Action>]

  public init(title: String, message: String? = nil, buttons: [ButtonState<Action>]) {
    // Identity for navigation only (a new alert is a new presentation); not
    // from the uuid dependency, so tests need not stub it to show an alert.
    self.id = UUID()
    self.title = title
    self.message = message
    self.buttons = buttons.contains { $0.role == .cancel } ? buttons : buttons + [.cancel("Cancel")]
  }

  public var cancelButton: ButtonState<Action>? {
    buttons.first { $0.role == .cancel } ?? buttons.last
  }

  public static var actionType: Any.Type { Action.self }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {
  public static func == (l: Self, r: Self) -> Bool {
    l.title == r.title && l.message == r.message && l.buttons == r.buttons
  }
}
extension ConfirmationDialogState: Sendable where Action: Sendable {}

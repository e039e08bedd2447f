import Foundation
import StandupsCore
import TerminalUI

/// Terminal-side state that is not the domain's: whether full help is open,
/// which alert button is highlighted, and a banner (errors, notices).
public struct UIState: Equatable, Sendable {
  public var showsHelp = false
  /// The highlighted button of the alert with this id.
  public var alertFocus: (id: UUID, index: Int)?
  /// A one-line message shown above the help bar (e.g. a failed save).
  public var banner: String?
  /// A one-line answer to a key (e.g. Ctrl-Z without job control), shown over
  /// the banner until the next key.
  public var notice: String?
  public init() {}

  public static func == (l: Self, r: Self) -> Bool {
    l.showsHelp == r.showsHelp && l.alertFocus?.id == r.alertFocus?.id
      && l.alertFocus?.index == r.alertFocus?.index && l.banner == r.banner
      && l.notice == r.notice
  }

  func focus<A>(of alert: AlertState<A>) -> Int {
    if let alertFocus, alertFocus.id == alert.id, alert.buttons.indices.contains(alertFocus.index) {
      return alertFocus.index
    }
    return AlertOverlay.defaultFocus(alert)
  }
}

/// Turns the whole app's state into what is on screen and what keys do there.
/// The top-most thing shown (help, alert, sheet, screen) owns the keyboard.
public enum AppUI {
  /// Keys in force everywhere, listed at the end of full help.
  static let globalBindings = [Keys.forceQuit, Keys.suspend]

  /// The smallest terminal the layouts are made for.
  public static let minimumSize = Size(width: 32, height: 10)

  /// What the user is looking at, top-most first.
  enum Top {
    case list(StandupsList.State)
    case detail(StackElementID, StandupDetail.State)
    case record(StackElementID, RecordMeeting.State)
    case meeting(StackElementID, MeetingFeature.State)
  }

  static func top(_ state: AppFeature.State) -> Top {
    guard let id = state.path.ids.last, let element = state.path[id: id] else {
      return .list(state.standupsList)
    }
    switch element {
    case .detail(let s): return .detail(id, s)
    case .record(let s): return .record(id, s)
    case .meeting(let s): return .meeting(id, s)
    }
  }

  /// The keys in force for `state`, before global keys.
  public static func keymap(
    _ state: AppFeature.State, ui: UIState, size: Size
  ) -> Keymap<AppFeature.Action> {
    var keymap = localKeymap(state, ui: ui, size: size)
    // Ctrl-C quits and Ctrl-Z suspends from anywhere, whatever has focus; they
    // stay out of the help bar (full help lists them).
    keymap.commands.insert(
      contentsOf: [
        Command(KeyBinding(keys: Keys.forceQuit.keys, help: ("", "")), ui: .quit),
        Command(KeyBinding(keys: Keys.suspend.keys, help: ("", "")), ui: .suspend),
      ], at: 0)
    return keymap
  }

  private static func localKeymap(
    _ state: AppFeature.State, ui: UIState, size: Size
  ) -> Keymap<AppFeature.Action> {
    if ui.showsHelp {
      return Keymap([
        Command(
          KeyBinding(
            keys: [.escape, .char("?"), .char("q"), .function(1), .enter],
            help: ("esc", "close help")),
          ui: .toggleHelp)
      ])
    }
    switch top(state) {
    case .list(let list):
      let embed: (StandupsList.Action) -> AppFeature.Action = { .standupsList($0) }
      switch list.destination {
      case .alert(let alert):
        return AlertOverlay.keymap(alert, focus: ui.focus(of: alert)) {
          embed(.destination($0.map { .alert($0) }))
        }
      case .add(let form):
        return StandupFormSheet.keymap(
          form, save: embed(.confirmAddButtonTapped), cancel: embed(.destination(.dismiss))
        ) { embed(.destination(.presented(.add($0)))) }
      case nil:
        return StandupsListScreen.keymap(list, pageSize: StandupsListScreen.pageSize(for: size))
          .map(embed)
      }

    case .detail(let id, let detail):
      let embed: (StandupDetail.Action) -> AppFeature.Action = {
        .path(.element(id: id, action: .detail($0)))
      }
      switch detail.destination {
      case .alert(let alert):
        return AlertOverlay.keymap(alert, focus: ui.focus(of: alert)) {
          embed(.destination($0.map { .alert($0) }))
        }
      case .edit(let form):
        return StandupFormSheet.keymap(
          form, save: embed(.doneEditingButtonTapped), cancel: embed(.destination(.dismiss))
        ) { embed(.destination(.presented(.edit($0)))) }
      case nil:
        var keymap = StandupDetailScreen.keymap(detail).map(embed)
        keymap.commands.append(Command(Keys.back, send: .path(.popFrom(id: id))))
        return keymap
      }

    case .record(let id, let record):
      let embed: (RecordMeeting.Action) -> AppFeature.Action = {
        .path(.element(id: id, action: .record($0)))
      }
      if let alert = record.alert {
        return AlertOverlay.keymap(alert, focus: ui.focus(of: alert)) { embed(.alert($0)) }
      }
      return RecordMeetingScreen.keymap(record).map(embed)

    case .meeting(let id, let meeting):
      var keymap = MeetingScreen.keymap(meeting, pageSize: max(1, size.height - 8)).map {
        AppFeature.Action.path(.element(id: id, action: .meeting($0)))
      }
      keymap.commands.append(Command(Keys.back, send: .path(.popFrom(id: id))))
      return keymap
    }
  }

  /// Everything on screen for `state` at `size`.
  public static func frame(
    _ state: AppFeature.State, ui: UIState, size: Size,
    environment: RenderEnvironment = RenderEnvironment(), memory: inout ViewMemory
  ) -> Frame {
    guard size.width >= minimumSize.width, size.height >= minimumSize.height else {
      return tooSmall(size)
    }
    // The screen's own keys label its help bar even while an overlay has focus,
    // and a sheet's keys label its own bar even while full help is over it.
    var screenUI = ui
    screenUI.showsHelp = false
    let keymap = keymap(state, ui: screenUI, size: size)
    let screenBindings = screenKeymap(state, ui: screenUI, size: size).bindings
    var canvas = Canvas(size: size)
    var layers: [Layer] = []

    switch top(state) {
    case .list(let list):
      StandupsListScreen.draw(list, in: &canvas, bindings: screenBindings, memory: &memory)
      layers.append(.screen(canvas))
      switch list.destination {
      case .add(let form):
        layers.append(
          StandupFormSheet.layer(
            form, title: "New standup", bindings: keymap.bindings, on: size, memory: &memory))
      case .alert(let alert):
        layers.append(AlertOverlay.layer(alert, focus: ui.focus(of: alert), on: size))
      case nil: break
      }

    case .detail(_, let detail):
      StandupDetailScreen.draw(
        detail, in: &canvas, bindings: screenBindings, environment: environment, memory: &memory)
      layers.append(.screen(canvas))
      switch detail.destination {
      case .edit(let form):
        layers.append(
          StandupFormSheet.layer(
            form, title: "Edit standup", bindings: keymap.bindings, on: size, memory: &memory))
      case .alert(let alert):
        layers.append(AlertOverlay.layer(alert, focus: ui.focus(of: alert), on: size))
      case nil: break
      }

    case .record(_, let record):
      RecordMeetingScreen.draw(record, in: &canvas, bindings: screenBindings, memory: &memory)
      layers.append(.screen(canvas))
      if let alert = record.alert {
        layers.append(AlertOverlay.layer(alert, focus: ui.focus(of: alert), on: size))
      }

    case .meeting(_, let meeting):
      MeetingScreen.draw(meeting, in: &canvas, bindings: screenBindings, environment: environment)
      layers.append(.screen(canvas))
    }

    if let banner = ui.notice ?? ui.banner {
      layers[0].canvas.put(
        " " + banner + " ", x: 0, y: size.height - 2, width: size.width,
        style: Looks.warning.with(.reverse))
    }
    if ui.showsHelp {
      layers.append(HelpOverlay.layer(keymap: keymap, route: Route(state: state).path, on: size))
    }
    return Frame(size: size, layers: layers)
  }

  /// The bindings of the screen itself (not of overlays), for its help bar.
  private static func screenKeymap(
    _ state: AppFeature.State, ui: UIState, size: Size
  ) -> Keymap<AppFeature.Action> {
    var bare = state
    // Without its overlays, the screen's own keymap is what remains.
    if bare.path.isEmpty {
      bare.standupsList.destination = nil
    } else if let id = bare.path.ids.last {
      switch bare.path[id: id] {
      case .detail(var d):
        d.destination = nil
        bare.path[id: id] = .detail(d)
      case .record(var r):
        r.alert = nil
        bare.path[id: id] = .record(r)
      default: break
      }
    }
    return localKeymap(bare, ui: ui, size: size)
  }

  static func tooSmall(_ size: Size) -> Frame {
    var canvas = Canvas(size: size)
    let message = "terminal too small (need \(minimumSize.width)×\(minimumSize.height))"
    let lines = AlertOverlay.wrap(message, width: max(1, size.width))
    let top = max(0, (size.height - lines.count) / 2)
    for (i, line) in lines.enumerated() {
      canvas.put(line, x: 0, y: top + i, width: size.width, alignment: .center, style: .bold)
    }
    return Frame(size: size, layers: [.screen(canvas)])
  }
}

/// The full help (`?`): every binding of what has focus, in columns.
enum HelpOverlay {
  static func layer<Action>(keymap: Keymap<Action>, route: String?, on screen: Size) -> Layer {
    let bindings = keymap.bindings + AppUI.globalBindings
    let maxHeight = max(1, screen.height - 6)
    let helpSize = FullHelp.size([bindings], height: maxHeight)
    let extra = route == nil ? 0 : 2
    let overlay = Overlay(
      name: "help", title: "Keys", footer: "esc close",
      preferredSize: Overlay.size(
        forContent: Size(
          width: max(helpSize.width, 20), height: helpSize.height + extra)))
    return overlay.layer(on: screen) { canvas in
      canvas.within(
        Rect(x: 0, y: 0, width: canvas.bounds.width, height: canvas.bounds.height - extra)
      ) {
        FullHelp.draw([bindings], in: &$0)
      }
      if let route {
        canvas.put("Route " + route, x: 0, y: canvas.bounds.height - 1, style: Looks.hint)
      }
    }
  }
}

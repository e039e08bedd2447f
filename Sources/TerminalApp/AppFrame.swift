import Composable
import TerminalUI

/// What is on screen and what the keys do, for a state of the shell and a
/// terminal size: pure functions of those (and the view memory), shared by
/// the runtime, `render` and the tests.
extension AppView {
  /// Keys in force everywhere: full help lists them under "App".
  public static var globalCommands: [Command<Action>] {
    [
      Command(StandardKeys.quitAnywhere, send: .quitPressed),
      Command(
        KeyBinding(
          keys: [.ctrl("z")], help: ("ctrl+z", "suspend"), group: .app, isInShortHelp: false),
        send: .suspendRequested),
      Command(
        KeyBinding(
          keys: [.ctrl("l")], help: ("ctrl+l", "redraw"), group: .app,
          isInShortHelp: false),
        send: .redrawRequested),
    ]
  }

  /// The keys of the top-most thing on screen (help, alert, sheet or screen),
  /// the global keys first.
  public func keymap(_ state: Shell<App>.State, size: Size) -> Keymap<Action> {
    guard fits(size) else { return tooSmallKeymap(state, size: size) }
    let scene = sceneWithHelpKey(state, size: size)
    return keymap(state, scene: scene, screenKeymap: scene.screen.keymap, size: size)
  }

  /// While the terminal is too small nothing is on screen to act on: only
  /// quitting, suspending and redrawing work, so no key changes what cannot
  /// be seen.
  static var tooSmallKeymap: Keymap<Action> { Keymap(globalCommands) }

  /// The keys while too small: those, and the keys a warning (shown on
  /// the too-small screen) offers: the sheet's save key, and its cancel
  /// key pressed again.
  func tooSmallKeymap(_ state: Shell<App>.State, size: Size) -> Keymap<Action> {
    var keymap = Self.tooSmallKeymap
    guard state.isWarningShown, case .sheet(let sheet, _) = scene(state.app, size).overlay
    else { return keymap }
    var offered = [StandardKeys.save]
    if state.isDiscardWarningShown { offered.append(StandardKeys.cancel) }
    for binding in offered {
      guard let key = binding.keys.first, let action = sheet.action(for: key) else { continue }
      keymap.append(Command(binding, send: action))
    }
    return keymap
  }

  /// The fewest rows a sheet is squeezed into above a banner (a standing
  /// one, offline, stays for as long as it is true): its fields, with the
  /// focused one, and its keys line still show.
  static var smallestSheetHeight: Int { 7 }

  /// The most rows a banner takes: a longer message is cut on the last.
  static var bannerRows: Int { 3 }

  private func fits(_ size: Size) -> Bool {
    size.width >= minimumSize.width && size.height >= minimumSize.height
  }

  /// `screenKeymap`: the screen's keys with the help key.
  private func keymap(
    _ state: Shell<App>.State, scene: Scene<Action, Memory>, screenKeymap: Keymap<Action>,
    size: Size
  ) -> Keymap<Action> {
    var keymap = focusedKeymap(state, scene: scene, screenKeymap: screenKeymap, size: size)
    keymap.prepend(contentsOf: Self.globalCommands)
    return keymap
  }

  /// The keymap below help: of the overlay, else of the screen, with the help key.
  private func keymapBelowHelp(
    _ state: Shell<App>.State, scene: Scene<Action, Memory>, screenKeymap: Keymap<Action>
  ) -> Keymap<Action> {
    switch scene.overlay {
    case .alert(let alert):
      return withHelpKey(AlertOverlay.keymap(alert, focus: focus(of: alert, in: state)))
    case .sheet(let keymap, _):
      return withHelpKey(keymap)
    case nil:
      return screenKeymap
    }
  }

  private func focusedKeymap(
    _ state: Shell<App>.State, scene: Scene<Action, Memory>, screenKeymap: Keymap<Action>,
    size: Size
  ) -> Keymap<Action> {
    let below = keymapBelowHelp(state, scene: scene, screenKeymap: screenKeymap)
    guard state.isHelpShown else { return below }
    let rows = HelpOverlay.rows(helpBindings(below)).count
    let visible = HelpOverlay.visibleRows(
      on: aboveBanner(state, size: size), footerLines: helpFooter(state.app) == nil ? 0 : 2)
    return HelpOverlay.keymap(rows: rows, visible: visible, scroll: state.helpScroll)
  }

  /// What full help lists for a keymap: its bindings and the global keys.
  private func helpBindings(_ keymap: Keymap<Action>) -> [KeyBinding] {
    keymap.bindings + (keymap.typesText ? TextFieldState.helpBindings : [])
      + Self.globalCommands.map(\.binding)
  }

  /// `?` opens help, or only F1 where printable keys type text.
  private func withHelpKey(_ keymap: Keymap<Action>) -> Keymap<Action> {
    var keymap = keymap
    addHelpKey(to: &keymap)
    return keymap
  }

  private func addHelpKey(to keymap: inout Keymap<Action>) {
    let binding =
      keymap.typesText
      ? KeyBinding(keys: [.function(1)], help: ("f1", "help"), group: .app)
      : KeyBinding(keys: [.char("?"), .function(1)], help: ("?", "help"), group: .app)
    keymap.append(Command(binding.keptInShortHelp, send: .helpToggled))
  }

  /// The scene for `state`, its screen's keys with the help key (added in
  /// place: the screen's commands are not copied).
  private func sceneWithHelpKey(_ state: Shell<App>.State, size: Size) -> Scene<Action, Memory> {
    var scene = scene(state.app, screenSize(state, size: size))
    addHelpKey(to: &scene.screen.keymap)
    return scene
  }

  /// The highlighted button of `alert`: the one last moved to, else the safe one.
  func focus(of alert: AlertPresentation<Action>, in state: Shell<App>.State) -> Int {
    if let focus = state.alertFocus, focus.alertID == alert.id,
      alert.buttons.indices.contains(focus.index)
    {
      return focus.index
    }
    return alert.defaultFocus
  }

  /// Everything on screen for `state` at `size`.
  public func frame(_ state: Shell<App>.State, size: Size, memory: inout Memory) -> Frame {
    guard fits(size) else { return tooSmall(size, banner: state.banner?.text) }
    let scene = sceneWithHelpKey(state, size: size)
    return frame(
      state, scene: scene, screenKeymap: scene.screen.keymap, size: size, memory: &memory)
  }

  /// The frame for `state` and, to call once it is out, what makes the
  /// keymap in force while it is on screen: both from one scene (what
  /// `frame` and `keymap` return). Only the screen's keys are needed to
  /// draw; the rest waits until the frame has gone to the terminal.
  public func frameAndKeymap(_ state: Shell<App>.State, size: Size, memory: inout Memory)
    -> (frame: Frame, keymap: () -> Keymap<Action>)
  {
    guard fits(size) else {
      return (tooSmall(size, banner: state.banner?.text), { tooSmallKeymap(state, size: size) })
    }
    // Made once: the keys in force and the screen's help bar both start from it.
    let scene = sceneWithHelpKey(state, size: size)
    let screenKeymap = scene.screen.keymap
    let frame = frame(
      state, scene: scene, screenKeymap: screenKeymap, size: size, memory: &memory)
    return (frame, { keymap(state, scene: scene, screenKeymap: screenKeymap, size: size) })
  }

  private func frame(
    _ state: Shell<App>.State, scene: Scene<Action, Memory>, screenKeymap: Keymap<Action>,
    size: Size, memory: inout Memory
  ) -> Frame {
    let below = keymapBelowHelp(state, scene: scene, screenKeymap: screenKeymap)
    // Under a sheet or an alert the screen's keys do nothing. A sheet shows
    // its own keys in its box; an alert's box has only its buttons, so its
    // keys take the screen's help bar. Under full help none of them act:
    // its box names its own keys.
    let helpBar: [KeyBinding]
    switch scene.overlay {
    case _ where state.isHelpShown: helpBar = []
    case nil: helpBar = screenKeymap.bindings
    case .alert: helpBar = below.bindings
    case .sheet: helpBar = []
    }
    let banner = state.bannerText.map { bannerLines($0, width: size.width) } ?? []
    let bannerTop = size.height - 1 - banner.count
    let screen = screenSize(state, size: size)
    let covered = size.height - screen.height
    var canvas = Canvas(size: screen)
    scene.screen.draw(&canvas, helpBar, &memory)
    if covered > 0 {
      canvas = canvas.insertingBlankRows(covered, before: canvas.size.height - 1)
    }
    var layers = [Layer.screen(canvas)]
    // A window that would reach the banner is laid out again in the rows
    // above it, so the message does not hide its keys or buttons; one that
    // clears it stays where it is (no jump when a message comes and goes).
    // Laid out there, its margin below may lie on the banner's first row.
    // A window is squeezed to no fewer than `smallest` rows: below that it
    // stays whole under the banner. The trial layout is made on a copy of
    // the view memory (a sheet's scroll offsets), kept only if it is the one
    // drawn.
    func clearOfBanner(smallest: Int, _ make: (Size, inout Memory) -> Layer) -> Layer {
      guard !banner.isEmpty else { return make(size, &memory) }
      var trial = memory
      let layer = make(size, &trial)
      // One that fits above it whole is moved there, whatever its size.
      let above = Size(width: size.width, height: bannerTop + 1)
      guard layer.rect.maxY > bannerTop,
        above.height - 2 >= smallest || layer.rect.height <= bannerTop
      else {
        memory = trial
        return layer
      }
      return make(above, &memory)
    }
    switch scene.overlay {
    case .alert(let alert):
      let focus = focus(of: alert, in: state)
      layers.append(
        clearOfBanner(smallest: 3) { size, _ in
          AlertOverlay.layer(alert, focus: focus, on: size)
        })
    case .sheet(_, let layer):
      layers.append(
        clearOfBanner(smallest: Self.smallestSheetHeight) { size, memory in
          layer(size, below.bindings, &memory)
        })
    case nil:
      break
    }
    if state.isHelpShown {
      // Always above the banner: its keys scroll it by what is visible.
      layers.append(
        HelpOverlay.layer(
          helpBindings(below), scroll: state.helpScroll, footer: helpFooter(state.app),
          on: banner.isEmpty ? size : Size(width: size.width, height: max(bannerTop, 3))))
    }
    // The help bar's row, and the banner's above it, stay as drawn: a
    // window's shadow there would split their words.
    let unshaded = (banner.isEmpty ? size.height - 1 : bannerTop)..<size.height
    for index in layers.indices { layers[index].unshadedRows = unshaded }
    if !banner.isEmpty {
      // Drawn across its rows on every layer that covers them, so a window
      // too tall to fit above it does not hide the message (the quit key's
      // warning among them); a sheet keeps its cursor.
      let lines = banner
      let rows = bannerTop..<(size.height - 1)
      for index in layers.indices {
        let rect = layers[index].rect
        for (row, line) in zip(rows, lines) where rect.y <= row && row < rect.maxY {
          layers[index].canvas.put(
            " " + line + " ", x: -rect.x, y: row - rect.y, width: size.width,
            style: Style(foreground: .ansi(1), attributes: [.bold, .reverse]))
        }
      }
    }
    return Frame(size: size, layers: layers)
  }

  /// The size the screen is laid out at (its keys too: a page, the end of a
  /// transcript). A screen keeps the row above its help bar free, where a
  /// banner of one row goes; a longer one would hide what is above it (a
  /// list's highlighted row), so the screen is that much shorter, its help
  /// bar then moved down under the banner — unless that would make it
  /// smaller than the app lays out.
  private func screenSize(_ state: Shell<App>.State, size: Size) -> Size {
    guard let text = state.bannerText else { return size }
    let covered = bannerLines(text, width: size.width).count - 1
    guard covered > 0, size.height - covered >= minimumSize.height else { return size }
    return Size(width: size.width, height: size.height - covered)
  }

  /// The screen above the banner's rows (all of it without a banner): where
  /// full help goes.
  private func aboveBanner(_ state: Shell<App>.State, size: Size) -> Size {
    guard let text = state.bannerText else { return size }
    let rows = bannerLines(text, width: size.width).count
    return Size(width: size.width, height: max(size.height - 1 - rows, 3))
  }

  /// A banner's message on rows of `width` cells: one wider than the screen
  /// goes on over the rows above, up to three, rather than losing its end.
  private func bannerLines(_ text: String, width: Int) -> [String] {
    let width = max(1, width - 2)
    let lines = TextWidth.wrap(Sanitizer.inert(text), width: width)
    guard lines.count > Self.bannerRows else { return lines }
    // The rest on the last row, cut: it ends in "…".
    let rest = lines[(Self.bannerRows - 1)...].joined(separator: " ")
    return lines.prefix(Self.bannerRows - 1) + [TextWidth.truncate(rest, to: width)]
  }

  /// The notice for a terminal smaller than the app's layouts, after the
  /// banner's message, if any (the quit key's warning must be seen first);
  /// a standing status ("offline", "not saved") waits for a usable size.
  public func tooSmall(_ size: Size, banner: String? = nil) -> Frame {
    var canvas = Canvas(size: size)
    let message = "terminal too small (need \(minimumSize.width)×\(minimumSize.height))"
    let lines = ((banner.map { [$0] } ?? []) + [message, "ctrl+c quits"]).flatMap {
      TextWidth.wrap($0, width: max(1, size.width))
    }
    let top = max(0, (size.height - lines.count) / 2)
    for (i, line) in lines.enumerated() {
      canvas.put(line, x: 0, y: top + i, width: size.width, alignment: .center, style: .bold)
    }
    return Frame(size: size, layers: [.screen(canvas)])
  }
}

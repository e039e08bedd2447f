import Testing

@testable import TerminalUI

@Suite struct HelpTests {
  let up = KeyBinding(.up, .char("k"), description: "up")
  let open = KeyBinding(.enter, description: "open")
  let add = KeyBinding(.char("a"), description: "add")
  let help = KeyBinding(.char("?"), description: "help")
  var all: [KeyBinding] { [up, open, add, help] }

  @Test(arguments: [
    (Key.up, "↑"), (.down, "↓"), (.left, "←"), (.right, "→"), (.enter, "enter"), (.escape, "esc"),
    (.ctrl("s"), "ctrl+s"), (.alt("x"), "alt+x"), (.char("?"), "?"), (.char(" "), "space"),
    (.tab, "tab"), (.backTab, "shift+tab"), (.backspace, "backspace"), (.delete, "del"),
    (.pageUp, "pgup"), (.pageDown, "pgdn"), (.home, "home"), (.end, "end"), (.function(5), "f5"),
  ])
  func keyDisplayNames(_ key: Key, _ name: String) {
    #expect(key.displayName == name)
  }

  @Test func bindingsMatchTheirKeysWhileEnabled() {
    #expect(up.help.key == "↑/k")
    #expect(up.help.description == "up")
    #expect(up.matches(.up))
    #expect(up.matches(.char("k")))
    #expect(!up.matches(.char("K")))
    #expect(!up.matches(.down))
    #expect(!up.enabled(false).matches(.up))
    #expect(all.first(matching: .enter) == open)
    #expect([up.enabled(false), open].first(matching: .up) == nil)
  }

  @Test func helpBarShowsEverythingThatFits() {
    #expect(HelpBar.line(all, width: 80) == "↑/k up • enter open • a add • ? help")
  }

  @Test(arguments: [
    (36, "↑/k up • enter open • a add • ? help"),
    (35, "↑/k up • enter open • a add • …"),
    (25, "↑/k up • enter open • …"),
    (20, "↑/k up • …"),
    (10, "↑/k up • …"),
    (9, "…"),
    (1, "…"),
    (0, ""),
  ])
  func helpBarElidesWhatDoesNotFit(_ width: Int, _ expected: String) {
    let line = HelpBar.line(all, width: width)
    #expect(line == expected)
    #expect(TextWidth.of(line) <= width)
  }

  /// When not everything fits, the help key stays at the end, after the
  /// "…", and the others give way.
  @Test(arguments: [
    (45, "↑/k up • ? help • enter open • q quit • a add"),
    (44, "↑/k up • enter open • q quit • … • ? help"),
    (20, "↑/k up • … • ? help"),
    (12, "… • ? help"),
    (9, "…"),
    (0, ""),
  ])
  func theHelpKeyStaysInViewWhenOthersDoNot(_ width: Int, _ expected: String) {
    let quit = KeyBinding(keys: [.char("q")], help: ("q", "quit"), group: .app)
    let help = KeyBinding(keys: [.char("?")], help: ("?", "help"), group: .app).keptInShortHelp
    let bindings = [up, help, open, quit, add]
    let line = HelpBar.line(bindings, width: width)
    #expect(line == expected)
    // Drawn as the line reads.
    let drawn = render(max(width, 1), 1) { HelpBar.draw(bindings, in: &$0) }
    let text = width == 0 ? "" : String(drawn.text.reversed().drop { $0 == " " }.reversed())
    #expect(text == expected)
  }

  /// When not every key fits, the moving keys give way, together; then the
  /// other keys keep their order and the last go. With nothing but moving
  /// keys, the last of those go.
  @Test(arguments: [
    (47, "↑/k up • ↓/j down • enter open • a add • ? help"),
    (46, "enter open • a add • … • ? help"),
    (31, "enter open • a add • … • ? help"),
    (30, "enter open • … • ? help"),
    (22, "… • ? help"),
  ])
  func movingKeysGiveWayFirst(_ width: Int, _ expected: String) {
    let up = KeyBinding(keys: [.up, .char("k")], help: ("↑/k", "up"), group: .moving)
    let down = KeyBinding(keys: [.down, .char("j")], help: ("↓/j", "down"), group: .moving)
    let help = KeyBinding(keys: [.char("?")], help: ("?", "help"), group: .app).keptInShortHelp
    let line = HelpBar.line([up, down, open, add, help], width: width)
    #expect(line == expected)
    #expect(HelpBar.line([up, down, help], width: 20) == "↑/k up • … • ? help")
    // Not in the room a cut key leaves either: that would show moving keys
    // where an action was cut.
    let save = KeyBinding(keys: [.ctrl("s")], help: ("ctrl+s", "save"))
    let next = KeyBinding(keys: [.tab], help: ("tab", "next field"), group: .moving)
    let attendee = KeyBinding(keys: [.ctrl("n")], help: ("ctrl+n", "add attendee"))
    #expect(HelpBar.line([save, next, attendee, help], width: 41) == "ctrl+s save • … • ? help")
  }

  @Test func hiddenAndDisabledBindingsStayOutOfHelp() {
    let secret = KeyBinding(keys: [.ctrl("c")], help: ("", "quit"))
    #expect(HelpBar.line([secret, up, add.enabled(false)], width: 80) == "↑/k up")
    #expect(secret.matches(.ctrl("c")))
  }

  @Test func helpBarDrawsKeysAndDescriptionsInTheirStyles() {
    let c = render(40, 1) { HelpBar.draw([up, open], in: &$0, keyStyle: .bold) }
    #expect(c.text == "↑/k up • enter open" + String(repeating: " ", count: 21))
    #expect(c[0, 0].style == .bold)
    #expect(c[4, 0].style == .dim)  // "up"
    #expect(c[9, 0].style == .bold)  // "enter"
  }

  /// A bar drawn again is copied from the last drawing of it: the same cells
  /// wherever it goes, what lies past its end untouched, and any change to
  /// what it is drawn from drawn anew.
  @Test func aBarDrawnAgainIsTheSameDrawing() {
    let bindings = [up, KeyBinding(.char("z"), description: "memo test")]
    let line = "↑/k up • z memo test"
    let first = render(30, 1) { HelpBar.draw(bindings, in: &$0, keyStyle: .bold) }
    var second = Canvas(size: Size(width: 30, height: 1), fill: Cell(text: "x"))
    HelpBar.draw(bindings, in: &second, keyStyle: .bold)
    #expect(second.text == line + String(repeating: "x", count: 10))
    #expect((0..<20).allSatisfy { second[$0, 0] == first[$0, 0] })

    let restyled = render(30, 1) { HelpBar.draw(bindings, in: &$0, keyStyle: .underline) }
    #expect(restyled[0, 0].style == .underline)
    let narrower = render(15, 1) { HelpBar.draw(bindings, in: &$0, keyStyle: .bold) }
    #expect(narrower.text == "↑/k up • …     ")
    let changed = render(30, 1) {
      HelpBar.draw([up, KeyBinding(.char("z"), description: "memo")], in: &$0, keyStyle: .bold)
    }
    #expect(changed.text == "↑/k up • z memo" + String(repeating: " ", count: 15))
  }

  @Test func helpIsGeneratedFromTheBindingsTheKeymapUses() {
    // A keymap and its help bar share one list: change a binding, both change.
    var keymap = all
    keymap[2] = KeyBinding(.char("n"), description: "new")
    #expect(keymap.first(matching: .char("n"))?.help.description == "new")
    #expect(keymap.first(matching: .char("a")) == nil)
    #expect(HelpBar.line(keymap, width: 80) == "↑/k up • enter open • n new • ? help")
  }

  @Test func fullHelpLaysOutColumns() {
    let quit = KeyBinding(.char("q"), .escape, description: "quit")
    let c = render(32, 3) { FullHelp.draw([[up, open, add], [help, quit]], in: &$0) }
    #expect(
      c.lines == [
        "↑/k   up      ?     help        ",
        "enter open    q/esc quit        ",
        "a     add                       ",
      ])
    #expect(c[0, 0].style == .bold)
    #expect(
      FullHelp.size([[up, open, add], [help, quit]], height: 3) == Size(width: 24, height: 3))
  }

  @Test func fullHelpWrapsTallGroupsIntoMoreColumns() {
    let columns = FullHelp.columns([all], height: 3)
    #expect(columns.map(\.count) == [3, 1])
    #expect(FullHelp.columns([all], height: 0).isEmpty)
    let c = render(5, 2) { FullHelp.draw(all, in: &$0) }
    #expect(c.lines == ["↑/k  ", "enter"])
  }
}

import TerminalApp
import TerminalUI
import Testing

@Suite struct CommandTests {
  private let binding = KeyBinding(keys: [.char("x")], help: ("x", "do"))

  @Test func aCommandWithoutAnActionLetsLaterCommandsTry() {
    let keymap = Keymap<String>(
      [Command(binding, send: nil), Command(binding, send: "second")], fallback: { _ in "fallback" }
    )
    #expect(keymap.action(for: .char("x")) == "second")
    #expect(Keymap<String>([Command(binding, send: nil)]).action(for: .char("x")) == nil)
    // Its binding still shows in help.
    #expect(Keymap<String>([Command(binding, send: nil)]).bindings == [binding])
  }

  @Test func anOptionalActionThatIsThereIsSent() {
    let action: String? = "chosen"
    #expect(Keymap([Command(binding, send: action)]).action(for: .char("x")) == "chosen")
  }

  @Test func mappingKeepsWhetherThereIsAnAction() {
    let keymap = Keymap<Int>([Command(binding, send: nil), Command(binding, send: 2)])
      .map { "\($0 * 10)" }
    #expect(keymap.action(for: .char("x")) == "20")
    #expect(
      Keymap<Int>([Command(binding, send: nil)]).map { $0 + 1 }.action(for: .char("x")) == nil)
  }

  /// A mapped keymap with commands added before and after: keys try them in
  /// that order, the mapped ones sending mapped actions; help lists them in
  /// the same order; `commands` lists them mapped.
  @Test func commandsAddedToAMappedKeymapKeepTheirOrder() {
    let a = KeyBinding(keys: [.char("a")], help: ("a", "first"))
    let b = KeyBinding(keys: [.char("b")], help: ("b", "second"))
    let c = KeyBinding(keys: [.char("c")], help: ("c", "third"))
    let hidden = KeyBinding(keys: [.char("h")], help: ("", ""))
    var keymap = Keymap<Int>(
      [Command(b, send: 2), Command(hidden, send: 7), Command(a, send: nil)],
      fallback: { _ in 9 }
    )
    .map { "mapped \($0)" }
    keymap.prepend(contentsOf: [Command(a, send: "before")])
    keymap.append(Command(c, send: "after"))
    keymap.append(contentsOf: [Command(b, send: "after b")])

    #expect(keymap.action(for: .char("a")) == "before")
    #expect(keymap.action(for: .char("b")) == "mapped 2")
    #expect(keymap.action(for: .char("h")) == "mapped 7")
    #expect(keymap.action(for: .char("c")) == "after")
    #expect(keymap.action(for: .char("z")) == "mapped 9")
    #expect(keymap.bindings == [a, b, a, c, b])
    #expect(keymap.commands.map(\.binding) == [a, b, hidden, a, c, b])
    #expect(
      keymap.commands.map { $0.action(.char("x")) } == [
        "before", "mapped 2", "mapped 7", nil, "after", "after b",
      ])
  }

  /// A mapped command with no action lets the commands after the mapped
  /// keymap's try, as it would before them.
  @Test func aMappedCommandWithoutAnActionLetsTheCommandsAddedAfterItTry() {
    var keymap = Keymap<Int>([Command(binding, send: nil)]).map { $0 + 1 }
    keymap.append(Command(binding, send: 100))
    #expect(keymap.action(for: .char("x")) == 100)
  }

  /// Changing the commands of a mapped keymap in place changes them where
  /// keys and help find them.
  @Test func commandsOfAMappedKeymapChangeInPlace() {
    let y = KeyBinding(keys: [.char("y")], help: ("y", "why"))
    var keymap = Keymap<Int>([Command(binding, send: 1)]).map { $0 * 10 }
    keymap.append(Command(y, send: 5))
    keymap.commands.insert(Command(y, send: 6), at: 1)
    #expect(keymap.commands.map(\.binding) == [binding, y, y])
    #expect(keymap.action(for: .char("x")) == 10)
    #expect(keymap.action(for: .char("y")) == 6)
    keymap.commands.removeAll()
    #expect(keymap.action(for: .char("x")) == nil)
    #expect(keymap.bindings.isEmpty)
  }

  /// A keymap mapped twice maps each action through both functions, paste too.
  @Test func aKeymapMappedTwiceMapsThroughBoth() {
    var inner = Keymap<Int>([Command(binding, send: 3)], paste: { $0.count })
    inner.append(Command(KeyBinding(keys: [.char("q")], help: ("q", "quit")), send: 4))
    let outer = inner.map { $0 * 2 }.map { "\($0)" }
    #expect(outer.action(for: .char("x")) == "6")
    #expect(outer.action(for: .char("q")) == "8")
    #expect(outer.paste?("abc") == "6")
    #expect(outer.bindings.map(\.help.key) == ["x", "q"])
  }
}

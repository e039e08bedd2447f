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
}

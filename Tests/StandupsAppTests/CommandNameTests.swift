import ArgumentParser
import Testing

@testable import StandupsApp

/// A command that does not name itself gets its name from its type's, made
/// through reflection at every start of the app (≈ 1.5 M instructions each).
struct CommandNameTests {
  @Test func everyCommandNamesItself() {
    let commands: [any ParsableCommand.Type] = [Standups.self] + Standups.configuration.subcommands
    for command in commands {
      #expect(command.configuration.commandName != nil, "\(command) has no commandName")
    }
  }

  @Test func theNamesAreTheOnesTheManualAndCompletionsUse() {
    let names = Standups.configuration.subcommands.map { $0.configuration.commandName }
    #expect(
      names == [
        "run", "render", "export", "import", "debug-save-burst", "debug-manual",
        "debug-completion-script",
      ])
  }
}

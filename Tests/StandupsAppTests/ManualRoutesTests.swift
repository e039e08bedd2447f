import AppCommandLine
import ArgumentParser
import Foundation
import StandupsCore
import Testing

@testable import StandupsApp

/// The routes the manual and `--help` list are every form the route parser
/// reads: one table (`Route.forms`) feeds both, and it has a form for each
/// case of the route enums.
struct ManualRoutesTests {
  @Test func theFormsTableHasEveryCaseOfTheRouteEnums() {
    let examples = Route.forms.map(\.example)
    for casePath in Route.allCasePaths {
      #expect(examples.contains { $0.is(casePath) }, "no form for \(casePath)")
    }
    let children = examples.compactMap { route -> StandupRoute? in
      if case .standup(_, let child) = route { child } else { nil }
    }
    for casePath in StandupRoute.allCasePaths {
      #expect(children.contains { $0.is(casePath) }, "no form for \(casePath)")
    }
    #expect(Set(Route.forms.map(\.pattern)).count == Route.forms.count, "a form twice")
  }

  @Test func everyExampleIsReadByTheParserAsItself() throws {
    for form in Route.forms {
      #expect(try Route(parsing: form.example.path) == form.example, "\(form.pattern)")
    }
  }

  /// Paths of every shape the parser reads, written out here rather than
  /// taken from the table: each one's form is in the manual and in help.
  @MainActor
  @Test(arguments: [
    "/", "/?filter=eng%20ops", "/new", "/?delete=2", "/Design", "/1/edit",
    "/1/edit/attendees/2", "/1/delete", "/1/record", "/1/meetings/1",
  ])
  func everyPathTheParserReadsHasItsFormInTheManualAndHelp(path: String) throws {
    let pattern = try Route(parsing: path).pattern
    let manual = try StandupsManualTests.standupsManual().routes.map(\.term)
    #expect(manual.contains(pattern), "\(path): \(pattern) is not in the manual")
    let help = Standups.helpMessage()
    #expect(help.contains(pattern), "\(path): \(pattern) is not in --help")
  }

  @MainActor @Test func theFilterRouteIsListed() throws {
    #expect(
      try StandupsManualTests.standupsManual().routes.contains { $0.term == "/?filter=<words>" })
    #expect(Standups.configuration.discussion.contains("/?filter=<words>"))
  }
}

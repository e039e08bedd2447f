import Foundation
import StandupsCore
import TerminalApp
import TerminalUI
import Testing

@testable import StandupsTUI

/// What the store's reports look like to the user.
@Suite struct PersistenceMessageTests {
  @Test func aFailedSaveIsAnErrorBannerAndASaveResolvesIt() {
    #expect(
      StandupsView.message(for: .persistence(.failed("cannot save standups.json: disk full")))
        == .showWithStatus(
          .error("Not saved: cannot save standups.json: disk full — will retry"),
          status: "Not saved: cannot save standups.json: disk full — will retry"))
    #expect(
      StandupsView.message(for: .persistence(.saved))
        == .resolveErrorAndStatus(
          prefixes: [StandupsView.offlineStatus, "Not saved:", "Still offline"]))
    #expect(StandupsView.message(for: .onLaunch) == nil)
  }
}

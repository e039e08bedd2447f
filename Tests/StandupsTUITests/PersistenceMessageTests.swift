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

  /// Offline because the server refuses: its words stand (not "when the
  /// server is back": it is there), until a save goes through, in place of
  /// the "Offline: …" banner at once (the refusal asks the user to act).
  @Test func aRefusalWhileOfflineStandsInItsOwnWords() {
    let text = "Still offline: the server said: password authentication failed; trying again"
    #expect(
      StandupsView.message(for: .persistence(.refusedWhileOffline(text)))
        == .replaceWithStatus(
          prefixes: ["Offline:", "Still offline"], banner: .error(text), status: text))
    #expect(
      StandupsView.message(for: .persistence(.offline("Offline: the connection was lost")))
        == .showWithStatus(
          .error("Offline: the connection was lost"), status: StandupsView.offlineStatus))
  }
}

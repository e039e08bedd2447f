import Foundation
import PostgresNIO
import StandupsCore

/// Other members' changes: each commit's notification names who and which
/// standups; those are read again and reach the app as a change to merge.
extension TeamStore {
  /// What a commit tells the others: who, and which standups.
  nonisolated func payload(_ outcome: WriteOutcome) -> String {
    let all = outcome.reordered || outcome.touched.count > 100
    let ids = all ? [] : outcome.touched.map(\.uuidString)
    let object: [String: Any] = ["by": instance.uuidString, "ids": ids, "all": all]
    let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }

  func received(_ payload: String) {
    guard let data = payload.data(using: .utf8),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else {
      remoteAll = true
      return scheduleRemote()
    }
    guard object["by"] as? String != instance.uuidString else { return }
    if object["all"] as? Bool == true { remoteAll = true }
    for id in object["ids"] as? [String] ?? [] {
      if let uuid = UUID(uuidString: id) { remoteIDs.insert(.init(uuid)) }
    }
    scheduleRemote()
  }

  func scheduleRemote() {
    guard !remoteScheduled else { return }
    remoteScheduled = true
    work.yield(.remote)
  }

  func applyRemoteChanges() async {
    remoteScheduled = false
    let ids = remoteIDs
    let all = remoteAll
    remoteIDs = []
    remoteAll = false
    guard let connection else { return }
    do {
      let stored = try await answered(on: connection) { [known, logger] in
        all
          ? try await StandupRows.loadAll(connection, logger: logger)
          : try await StandupRows.refresh(known, changed: ids, connection, logger: logger)
      }
      guard stored != known else { return }
      adopt(stored)
    } catch {
      await goOffline(error)
    }
  }
}

import Foundation
import StandupsCore
import Testing

@testable import StandupsDatabase

/// The data file refused changes were kept in (left by a crash, or by a
/// quit while still refused) is named by the next start, and on its quit
/// while it is still there.
extension RefusalTests {
  @Test func theNextStartNamesTheFileARefusedSaveWasKeptIn() async throws {
    let (database, alice) = try await member(refusing: "NEW.title = 'Refused'")
    await alice.edit { $0[id: mockID]?.title = "Refused" }
    let failure = await alice.handle(until: { $0.failureText != nil })?.failureText
    #expect(failure?.contains("kept in") == true, "\(String(describing: failure))")
    let held = try #require(database.files.unsavedFiles().last)
    // A quit while refused keeps it, as a crash does.
    await alice.close()
    #expect(database.files.unsavedFiles() == [held])

    let next = try await database.member(files: database.files)
    let notice = await next.handle(until: { $0.noticeText?.contains("earlier session") == true })
    let name = (held as NSString).lastPathComponent
    #expect(notice?.noticeText?.contains(name) == true, "\(String(describing: notice))")
    let notes = await next.close()
    #expect(notes.contains { $0.contains(held) && $0.contains("standups import") }, "\(notes)")

    // Once it is gone (imported, or thrown away), nothing is said.
    try FileManager.default.removeItem(atPath: held)
    let third = try await database.member(files: database.files)
    let events = await third.closeAndDrain()
    #expect(events.allSatisfy { $0.noticeText?.contains("earlier session") != true })
    #expect(third.notices.isEmpty || !third.notices.contains { $0.contains("earlier session") })
  }
}

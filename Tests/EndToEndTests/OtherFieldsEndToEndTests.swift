import Foundation
import StandupsApp
import StandupsCore
import Testing
import TmuxTesting

/// Fields another program wrote into the data file survive the app's saves:
/// an edit in the real binary, then quitting, writes them back untouched.
@Suite(.serialized) struct OtherFieldsEndToEndTests {
  @Test func anEditKeepsTheFieldsThisVersionDoesNotRead() async throws {
    var standups = AppSession.sample
    let channel = JSONValue.object(
      JSONMembers([
        .init(key: "name", value: .string("#design")), .init(key: "id", value: .number("42")),
      ])!)
    standups[0].otherFields = JSONMembers([.init(key: "channel", value: channel)])!
    standups[0].attendees[0].otherFields = JSONMembers([.init(key: "slack", value: .string("@ada"))]
    )!
    standups[0].meetings[0].otherFields = JSONMembers([.init(key: "mood", value: .number("4"))])!
    let app = try AppSession(standups: standups)
    try await app.session.waitForText("Design")
    try app.session.sendKeys("Enter")
    try await app.session.waitForText("Ada: Shipped")
    try app.session.sendKeys("e")
    try await app.session.waitForText("Edit standup")
    try app.session.sendKeys("End")
    try app.session.type(" team")
    try app.session.sendKeys("C-s")
    let saved = try await app.waitForSavedData("the new title") { $0.first?.title == "Design team" }
    try await app.quitAndExpectSaneTerminal(keys: ["C-c"])
    let standup = try #require(saved?.first)
    #expect(standup.otherFields["channel"] == channel)
    #expect(standup.attendees.first?.otherFields["slack"] == .string("@ada"))
    #expect(standup.meetings.first?.otherFields["mood"] == .number("4"))
    let text = try String(contentsOfFile: app.dataPath, encoding: .utf8)
    #expect(text.contains("\"slack\" : \"@ada\""), "\(text)")
  }
}

import Foundation
import StandupsApp
import StandupsCore
import Testing
import TmuxTesting

/// Started without a locale (the C locale: no LANG, as in containers), the
/// app still draws and reads text beyond ASCII as UTF-8, not as `?`.
@Suite(.timeLimit(.minutes(3)))
struct LocaleEndToEndTests {
  @Test func withoutALocaleTextBeyondASCIIShowsAndTypes() async throws {
    let binary = try #require(AppSession.binary)
    let directory = try Harness.temporaryDirectory("standups-locale")
    defer { try? FileManager.default.removeItem(at: directory) }
    let data = directory.appendingPathComponent("s.json").path
    try DataFile(path: data).save([Standup(id: .init(UUID()), title: "Café 会議")])
    let session = try TerminalSession(
      program: binary, arguments: ["--data", data],
      prefix: "env -u LANG -u LC_CTYPE -u LC_MESSAGES LC_ALL=C")
    try await session.waitForText("Café 会議")
    #expect(try session.screen().contains("›"), "the selection marker, U+203A")
    try session.sendKeys("a")
    try await session.waitForText("New standup")
    try session.type("Ünïcode")
    try await session.waitForText("Ünïcode")
    try session.sendKeys("C-s")
    try await session.waitForNoText("New standup")
    try session.sendKeys("q")
    #expect(try await session.waitForExit() == 0)
    #expect(try DataFile(path: data).load()?.contains { $0.title == "Ünïcode" } == true)
  }
}

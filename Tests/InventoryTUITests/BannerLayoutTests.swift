import Foundation
import InventoryCore
import TerminalUI
import Testing

@testable import InventoryTUI

/// A banner of more than one row (a standing read-only notice, a conflict)
/// over the item list.
@MainActor
struct BannerLayoutTests {
  static let items = IdentifiedArray(
    uniqueElements: (0..<46).map { index in
      Item(id: .init(UUID(700 + index)), name: "Bulk \(index)", color: .blue)
    })

  /// The highlighted item stays above the banner, whichever it is, and the
  /// help bar stays on the last row.
  @Test(arguments: [Size.large, Size(width: 60, height: 14), Size(width: 40, height: 12)])
  func theHighlightedItemStaysInSight(size: Size) {
    let message =
      "Read-only: /home/someone/inventory/items.json is now from a newer inventory "
      + "(format version 2; this one reads up to 1)"
    for item in Self.items {
      let screen = draw(
        appState(items: Self.items, selection: item.id), ui: ShellUI(banner: message), size: size)
      let bannerTop = screen.lines.firstIndex { $0.contains("Read-only") } ?? 0
      let row = screen.lines.firstIndex { $0.contains("› \(item.name) ") }
      #expect(row.map { $0 < bannerTop } == true, "\(item.name): \(screen.lines)")
      #expect(screen.lines[size.height - 1].contains("help"), "\(screen.lines)")
    }
  }

  /// Page by page under the banner, every item shows on some page: the page
  /// is what the list shows above the banner.
  @Test func pagingUnderTheBannerSkipsNoItem() {
    let size = Size(width: 60, height: 14)
    let (runtime, backend) = makeRuntime(
      appState(items: Self.items, selection: Self.items[0].id), size: size)
    runtime.store.send(
      .statusChanged("Read-only: inventory is already running on items.json; changes go to a copy"))
    runtime.render()
    var seen = Set<String>()
    for _ in 0..<12 {
      for item in Self.items where backend.shows("\(item.name) ") { seen.insert(item.name) }
      runtime.press(.pageDown)
    }
    let missing = Self.items.map(\.name).filter { !seen.contains($0) }
    #expect(missing.isEmpty, "never on screen: \(missing)")
  }

  /// A sheet that fits above a banner whole goes there, even at the app's
  /// smallest size: its bottom border is never under the message.
  @Test func aSheetSitsAboveTheBannerAtTheSmallestSize() {
    let size = Size(width: 40, height: 12)
    let state = appState(
      items: Self.items, destination: .add(.newItem(id: .init(UUID(900)))))
    let screen = draw(
      state,
      ui: ShellUI(
        banner: "Read-only: inventory is already running on items.json; changes go to a copy"),
      size: size)
    let bannerTop = screen.lines.firstIndex { $0.contains("Read-only") } ?? size.height
    let bottom = screen.lines.firstIndex { $0.contains("╰") }
    #expect(bannerTop < size.height - 2, "\(screen.lines)")
    #expect(bottom.map { $0 < bannerTop } == true, "\(screen.lines)")
  }
}

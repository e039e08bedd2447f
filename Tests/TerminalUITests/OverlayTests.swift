import Testing

@testable import TerminalUI

@Suite struct OverlayTests {
  @Test func centredAtThePreferredSize() {
    let rect = Overlay.rect(preferred: Size(width: 40, height: 10), on: Size(width: 80, height: 24))
    #expect(rect == Rect(x: 20, y: 7, width: 40, height: 10))
  }

  @Test func clampedToTheScreenLeavingAMargin() {
    let rect = Overlay.rect(
      preferred: Size(width: 100, height: 50), on: Size(width: 80, height: 24))
    #expect(rect == Rect(x: 1, y: 1, width: 78, height: 22))
  }

  @Test func smallScreensGiveUpTheMargin() {
    #expect(
      Overlay.rect(preferred: Size(width: 10, height: 10), on: Size(width: 4, height: 3))
        == Rect(x: 0, y: 0, width: 4, height: 3))
    #expect(
      Overlay.rect(preferred: Size(width: 10, height: 10), on: Size(width: 1, height: 1))
        == Rect(x: 0, y: 0, width: 1, height: 1))
    #expect(Overlay.rect(preferred: Size(width: 10, height: 10), on: .zero).isEmpty)
  }

  @Test func everyTinyScreenGetsALayerInsideIt() {
    for w in -1...7 {
      for h in -1...7 {
        let screen = Size(width: w, height: h)
        let overlay = Overlay(
          name: "alert", title: "Delete?", footer: "esc", preferredSize: Size(width: 30, height: 8))
        let layer = overlay.layer(on: screen) { $0.put("Really delete everything?", x: 0, y: 0) }
        let bounds = Rect(x: 0, y: 0, width: max(0, w), height: max(0, h))
        #expect(layer.rect.intersection(bounds) == layer.rect, "\(screen)")
        #expect(layer.canvas.size == layer.rect.size)
        let frame = Frame(size: Size(width: max(0, w), height: max(0, h)), layers: [layer])
        #expect(frame.composited().lines.count == max(0, h))
      }
    }
  }

  @Test func layerHasABorderTitleFooterAndPaddedContent() {
    let overlay = Overlay(
      name: "sheet", title: "New", footer: "esc", preferredSize: Size(width: 12, height: 4))
    let layer = overlay.layer(on: Size(width: 14, height: 6)) {
      $0.put("Name: abcdefgh", x: 0, y: 0)
    }
    #expect(layer.name == "sheet")
    #expect(layer.isModal)
    #expect(
      layer.canvas.lines == [
        "╭─ New ────╮",
        "│ Name: ab │",
        "│          │",
        "╰──── esc ─╯",
      ])
  }

  @Test func sizeForContentAddsTheChrome() {
    #expect(Overlay.size(forContent: Size(width: 20, height: 3)) == Size(width: 24, height: 5))
    #expect(
      Overlay.contentRect(in: Size(width: 24, height: 5)) == Rect(x: 2, y: 1, width: 20, height: 3))
  }
}

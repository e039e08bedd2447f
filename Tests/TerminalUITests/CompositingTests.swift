import Testing

@testable import TerminalUI

@MainActor
@Suite struct CompositingTests {
  func screenLayer(_ width: Int, _ height: Int, _ body: (inout Canvas) -> Void) -> Layer {
    .screen(render(width, height, body))
  }

  @Test func backendShowsTheLastFrameAsExactLines() {
    let backend = InMemoryBackend(size: Size(width: 6, height: 2))
    backend.draw(
      Frame(size: backend.size, layers: [screenLayer(6, 2) { $0.put("hi 中", x: 0, y: 0) }]))
    backend.draw(
      Frame(size: backend.size, layers: [screenLayer(6, 2) { $0.put("bye", x: 1, y: 1) }]))
    #expect(backend.frames.count == 2)
    #expect(backend.lines == ["      ", " bye  "])
    #expect(backend.text == "      \n bye  ")
  }

  @Test func modalLayersShadeOnlyTheirShadow() {
    let screen = screenLayer(7, 4) { canvas in
      canvas.put("abcdefg", x: 0, y: 0, style: .bold)
      canvas.put("hijklmn", x: 0, y: 1)
      canvas.put("opqrstu", x: 0, y: 2, style: .reverse)
    }
    let sheet = Layer(
      name: "sheet", rect: Rect(x: 1, y: 0, width: 3, height: 2),
      canvas: render(3, 2) { $0.put("XYZ", x: 0, y: 0, style: .reverse) }, isModal: true)
    let composited = Frame(size: Size(width: 7, height: 4), layers: [screen, sheet]).composited()
    #expect(composited.lines == ["aXYZefg", "h   lmn", "opqrstu", "       "])
    // Two columns right of the sheet from its second row, one row under it
    // from its third column: shaded (attributes dropped); nothing else changes.
    let shaded = Style(background: .ansi(8))
    #expect(composited[4, 1].style == shaded)
    #expect(composited[5, 1].style == shaded)
    #expect(composited[3, 2].style == shaded)
    #expect(composited[4, 2].style == shaded)
    #expect(composited[5, 2].style == shaded)
    #expect(composited[0, 0].style == .bold)
    #expect(composited[6, 1].style == .plain)
    #expect(composited[2, 2].style == .reverse)
    #expect(composited[6, 2].style == .reverse)
    #expect(composited[4, 0].style == .bold)
  }

  @Test func nonModalLayersDimNothing() {
    let screen = screenLayer(4, 1) { $0.put("abcd", x: 0, y: 0) }
    let toast = Layer(
      name: "toast", rect: Rect(x: 2, y: 0, width: 2, height: 1),
      canvas: render(2, 1) { $0.put("!!", x: 0, y: 0) })
    let c = Frame(size: Size(width: 4, height: 1), layers: [screen, toast]).composited()
    #expect(c.text == "ab!!")
    #expect(c.styleDescription == "....")
  }

  @Test func aModalOverAModalShadesBothBeneathIt() {
    let screen = screenLayer(5, 3) { $0.put("aaaaa", x: 0, y: 1) }
    let sheet = Layer(
      name: "sheet", rect: Rect(x: 0, y: 0, width: 4, height: 3),
      canvas: render(4, 3) { $0.put("bbbb", x: 0, y: 1) }, isModal: true)
    let alert = Layer(
      name: "alert", rect: Rect(x: 0, y: 0, width: 1, height: 1),
      canvas: render(1, 1) { $0.put("c", x: 0, y: 0) }, isModal: true)
    let c = Frame(size: Size(width: 5, height: 3), layers: [screen, sheet, alert]).composited()
    #expect(c.lines == ["c    ", "bbbba", "     "])
    #expect(c[0, 0].style == .plain)
    // The alert's shadow falls on the sheet; the sheet's on the screen.
    let shaded = Style.plain.shaded
    #expect(c[1, 1].style == shaded)
    #expect(c[2, 1].style == shaded)
    #expect(c[3, 1].style == .plain)
    #expect(c[4, 1].style == shaded)
    #expect(c[4, 1].style == c[1, 1].style)  // shaded twice is still just shaded
  }

  @Test func aShadowLeavesTheUnshadedRowAsItIs() {
    let screen = screenLayer(6, 5) { $0.fill(with: Cell(text: ".")) }
    var sheet = Layer(
      name: "sheet", rect: Rect(x: 0, y: 0, width: 4, height: 3),
      canvas: render(4, 3) { $0.fill(with: Cell(text: "#")) }, isModal: true)
    let shaded = Style.plain.shaded
    let before = Frame(size: Size(width: 6, height: 5), layers: [screen, sheet]).composited()
    #expect(
      [before[4, 1].style, before[5, 2].style, before[3, 3].style] == [shaded, shaded, shaded])
    sheet.unshadedRows = 2..<3
    let after = Frame(size: Size(width: 6, height: 5), layers: [screen, sheet]).composited()
    #expect([after[4, 1].style, after[5, 3].style, after[3, 3].style] == [shaded, shaded, shaded])
    #expect([after[4, 2].style, after[5, 2].style] == [.plain, .plain])
    #expect(sheet.shadow.allSatisfy { $0.y > 2 || $0.maxY <= 2 })
  }

  @Test func layersCoveringHalfAWideCharacterBlankTheOtherHalf() {
    let screen = screenLayer(6, 1) { $0.put("中文字", x: 0, y: 0) }
    let popup = Layer(
      name: "p", rect: Rect(x: 1, y: 0, width: 2, height: 1),
      canvas: render(2, 1) { $0.put("ab", x: 0, y: 0) })
    let c = Frame(size: Size(width: 6, height: 1), layers: [screen, popup]).composited()
    #expect(c.text == " ab 字")
    #expect(isWellFormed(c))
  }

  @Test func layersHangingOffScreenAreClipped() {
    let screen = screenLayer(4, 2) { $0.fill(with: Cell(text: ".")) }
    let off = Layer(
      name: "off", rect: Rect(x: 2, y: 1, width: 4, height: 4),
      canvas: render(4, 4) { $0.fill(with: Cell(text: "#")) })
    let c = Frame(size: Size(width: 4, height: 2), layers: [screen, off]).composited()
    #expect(c.lines == ["....", "..##"])
  }

  @Test func cursorComesFromTheTopLayer() {
    let backend = InMemoryBackend(size: Size(width: 20, height: 10))
    let overlay = Overlay(name: "sheet", title: "Edit", preferredSize: Size(width: 10, height: 4))
    let layer = overlay.layer(on: backend.size) { $0.setCursor(x: 3, y: 0) }
    backend.draw(Frame(size: backend.size, layers: [screenLayer(20, 10) { _ in }, layer]))
    // overlay at (5,3); content starts 2 right and 1 down of that
    #expect(layer.rect == Rect(x: 5, y: 3, width: 10, height: 4))
    #expect(backend.cursor == Point(x: 10, y: 4))
  }

  @Test func scriptedEventsArriveInOrder() async {
    let backend = InMemoryBackend(size: Size(width: 10, height: 5), whenScriptEnds: .terminate)
    backend.press(.down, .enter)
    backend.enqueue(.paste("hi"), .key(.escape))
    backend.resize(to: Size(width: 30, height: 8))
    #expect(await backend.nextEvents() == [.key(.down)])
    #expect(await backend.nextEvents() == [.key(.enter)])
    #expect(await backend.nextEvents() == [.paste("hi"), .key(.escape)])
    #expect(await backend.nextEvents() == [.resize(Size(width: 30, height: 8))])
    #expect(backend.size == Size(width: 30, height: 8))
    #expect(await backend.nextEvents() == [.terminate(signal: 15)])
  }

  @Test func waitingForEventsEndsOnEnqueue() async {
    let backend = InMemoryBackend(size: Size(width: 10, height: 5))
    let pending = Task { await backend.nextEvents() }
    await Task.yield()
    backend.type("x")
    #expect(await pending.value == [.key(.char("x"))])
    #expect(backend.pendingBatches.isEmpty)
  }

  @Test func cancellingAWaitReturnsAnEmptyBatch() async {
    let backend = InMemoryBackend(size: Size(width: 10, height: 5))
    let pending = Task { await backend.nextEvents() }
    await Task.yield()
    pending.cancel()
    #expect(await pending.value == [])
    // the backend is usable again afterwards
    backend.press(.enter)
    #expect(await backend.nextEvents() == [.key(.enter)])
  }

  @Test func bellAndShutdownAreCounted() {
    let backend = InMemoryBackend(size: Size(width: 1, height: 1))
    backend.bell()
    backend.bell()
    backend.shutdown()
    #expect(backend.bellCount == 2)
    #expect(backend.shutdownCount == 1)
  }
}

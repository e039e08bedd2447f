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

  @Test func modalLayersDimEverythingBeneath() {
    let screen = screenLayer(6, 3) { canvas in
      canvas.put("abcdef", x: 0, y: 0, style: .bold)
      canvas.put("ghijkl", x: 0, y: 1)
    }
    let sheet = Layer(
      name: "sheet", rect: Rect(x: 1, y: 1, width: 3, height: 1),
      canvas: render(3, 1) { $0.put("XYZ", x: 0, y: 0, style: .reverse) }, dimsBehind: true)
    let composited = Frame(size: Size(width: 6, height: 3), layers: [screen, sheet]).composited()
    #expect(composited.lines == ["abcdef", "gXYZkl", "      "])
    #expect(
      composited.styleDescription == """
        AAAAAA
        BCCCBB
        BBBBBB
        A = bold+dim
        B = dim
        C = reverse
        """)
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

  @Test func onlyLayersBelowAModalAreDimmed() {
    let screen = screenLayer(3, 1) { $0.put("aaa", x: 0, y: 0) }
    let sheet = Layer(
      name: "sheet", rect: Rect(x: 0, y: 0, width: 2, height: 1),
      canvas: render(2, 1) { $0.put("bb", x: 0, y: 0) }, dimsBehind: true)
    let alert = Layer(
      name: "alert", rect: Rect(x: 0, y: 0, width: 1, height: 1),
      canvas: render(1, 1) { $0.put("c", x: 0, y: 0) }, dimsBehind: true)
    let c = Frame(size: Size(width: 3, height: 1), layers: [screen, sheet, alert]).composited()
    #expect(c.text == "cba")
    #expect(c[0, 0].style == .plain)
    #expect(c[1, 0].style == .dim)
    #expect(c[2, 0].style == .dim)  // dimmed twice is still just dim
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

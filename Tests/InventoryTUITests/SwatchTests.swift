import InventoryCore
import TerminalUI
import Testing

@testable import InventoryTUI

/// A swatch shows on any terminal background: black and white, which a
/// dark or a light terminal would swallow, are shaded with the other.
@MainActor
struct SwatchTests {
  func cells(_ color: Item.Color) -> [Cell] {
    var canvas = Canvas(size: Size(width: 4, height: 1))
    Styles.drawSwatch(
      color, in: &canvas, x: 0, y: 0, environment: RenderEnvironment(version: testVersion))
    return [canvas[0, 0], canvas[1, 0]]
  }

  @Test(arguments: [Item.Color.black, .white])
  func blackAndWhiteAreShadedWithTheOther(color: Item.Color) {
    for cell in cells(color) {
      #expect(cell.text == "▓")
      #expect(cell.style.foreground == color.terminalColor)
      #expect(cell.style.background != .default)
      #expect(cell.style.background != cell.style.foreground)
    }
  }

  @Test(arguments: [Item.Color.red, .green, .yellow, .blue])
  func otherColoursAreSolidBlocks(color: Item.Color) {
    for cell in cells(color) {
      #expect(cell.text == "█")
      #expect(cell.style.foreground == color.terminalColor)
    }
  }
}

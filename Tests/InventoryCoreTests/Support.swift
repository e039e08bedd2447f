import Foundation
import InventoryCore

extension Item {
  // The samples, by name, for tests that pick one out.
  static let keyboard = Item.samples[0]
  static let monitor = Item.samples[1]
  static let mouse = Item.samples[2]
  static let headphones = Item.samples[3]
}

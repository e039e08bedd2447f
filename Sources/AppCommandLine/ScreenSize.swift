import ArgumentParser
import TerminalUI

/// `--size WIDTHxHEIGHT`, for the commands that draw without a terminal.
public struct ScreenSize: ExpressibleByArgument, Sendable {
  public var size: Size

  public init(size: Size) { self.size = size }

  public init?(argument: String) {
    guard let size = Size(parsing: argument) else { return nil }
    self.size = size
  }

  public var defaultValueDescription: String { "\(size)" }

  /// `--size`'s value, or a message that says what a size is.
  public static func parse(_ text: String) throws -> ScreenSize {
    if let size = ScreenSize(argument: text) { return size }
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ Int($0) != nil }) else {
      throw ValidationError("give WIDTHxHEIGHT, e.g. 80x24")
    }
    throw ValidationError("width and height are each 1 to 1000")
  }

  public static let help = "The screen size, WIDTHxHEIGHT (each 1 to 1000)."
}

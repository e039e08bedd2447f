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
}

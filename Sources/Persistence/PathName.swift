import Foundation

/// Path arithmetic on strings. Foundation's `NSString.deletingLastPathComponent`
/// traps on a one-character path ("a", "-", "."), a name a user may well give
/// as `--data`.
public enum PathName {
  /// The path without its last component: "" for a bare name, "/" for a
  /// name in the root; trailing slashes are not a component.
  public static func parent(of path: String) -> String {
    var rest = Substring(path)
    while rest.count > 1, rest.hasSuffix("/") { rest.removeLast() }
    guard let slash = rest.lastIndex(of: "/") else { return "" }
    var parent = rest[..<slash]
    while parent.count > 1, parent.hasSuffix("/") { parent.removeLast() }
    return parent.isEmpty ? "/" : String(parent)
  }

  /// Where a path's symbolic links lead (the path itself when it is not a
  /// link). Saves go there, so a data file kept elsewhere and linked to (a
  /// dotfiles repository) stays a link instead of being replaced by a copy.
  public static func linkTarget(of path: String) -> String {
    var current = path
    // A loop of links ends somewhere; the rename then reports it.
    for _ in 0..<32 {
      guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
      else { break }
      current =
        destination.hasPrefix("/")
        ? destination
        : (PathName.parent(of: current) as NSString)
          .appendingPathComponent(destination)
    }
    return current
  }
}

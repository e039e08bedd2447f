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
}

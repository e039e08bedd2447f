/// no-color.org: `NO_COLOR` set to a non-empty value turns colour off; an
/// empty value counts as unset, as that convention specifies.
public enum NoColor {
  public static func isRequested(environment: [String: String]) -> Bool {
    !(environment["NO_COLOR"] ?? "").isEmpty
  }
}

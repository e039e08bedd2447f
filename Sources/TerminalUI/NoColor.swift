/// no-color.org: `NO_COLOR` set to a non-empty value turns colour off; an
/// empty value counts as unset, as that convention specifies. The one
/// place both the terminal and `render` ask.
public enum NoColor {
  public static func isRequested(environment: [String: String]) -> Bool {
    isRequested(value: environment["NO_COLOR"])
  }

  /// `value`: the variable's, nil when it is not set.
  public static func isRequested(value: String?) -> Bool {
    !(value ?? "").isEmpty
  }
}

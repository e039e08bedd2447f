/// What views need besides state: whether to draw in colour, and the version.
public struct RenderEnvironment: Sendable {
  /// False under `NO_COLOR`: a colour is then named instead of shown as a swatch.
  public var usesColor: Bool
  /// The app's version, for full help; given by the composition root, which
  /// owns it (nil: not shown).
  public var version: String?

  public init(usesColor: Bool = true, version: String? = nil) {
    self.usesColor = usesColor
    self.version = version
  }
}

/// What views need besides state: whether to draw in colour.
public struct RenderEnvironment: Sendable {
  /// False under `NO_COLOR`: a colour is then named instead of shown as a swatch.
  public var usesColor: Bool

  public init(usesColor: Bool = true) { self.usesColor = usesColor }
}

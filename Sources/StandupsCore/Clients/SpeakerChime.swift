/// Signals a change of speaker (the terminal bell in the app; off with --no-bell).
public struct SpeakerChime: Sendable {
  public var ring: @Sendable () async -> Void
  public init(ring: @escaping @Sendable () async -> Void) { self.ring = ring }
  public func callAsFunction() async { await ring() }

  public static let silent = SpeakerChime {}
}

extension SpeakerChime: DependencyKey {
  public static let liveValue = SpeakerChime.silent
  public static let testValue = SpeakerChime.silent
}

extension DependencyValues {
  public var speakerChime: SpeakerChime {
    get { self[SpeakerChime.self] }
    set { self[SpeakerChime.self] = newValue }
  }
}

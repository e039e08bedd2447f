import Foundation

/// The sample standups offered on an empty list: `Resources/sample-standups.json`
/// of this target, which `make run` opens too, embedded in the binary so that an
/// installed `standups` needs no resource files.
public enum SampleData {
  /// The sample file's bytes.
  public static var json: Data { Data(PackageResources.sample_standups_json) }

  /// The decoded samples (tests decode the embedded file, so this cannot fail).
  public static var standups: IdentifiedArrayOf<Standup> {
    (try? StandupsFormat.decode(json)) ?? []
  }
}

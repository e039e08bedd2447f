import Foundation

/// The sample standups offered on an empty list (the same data as
/// Resources/sample-standups.json, which `make run` opens; a test keeps the
/// two equal). Embedded so that an installed binary needs no resource files.
public enum SampleData {
  public static let json = #"""
    {
      "standups" : [
        {
          "attendees" : [
            { "id" : "3C1F3D4E-0A51-4A2B-9E8E-1B8A2E3D0001", "name" : "Ada" },
            { "id" : "3C1F3D4E-0A51-4A2B-9E8E-1B8A2E3D0002", "name" : "Grace" },
            { "id" : "3C1F3D4E-0A51-4A2B-9E8E-1B8A2E3D0003", "name" : "Linus" },
            { "id" : "3C1F3D4E-0A51-4A2B-9E8E-1B8A2E3D0004", "name" : "Margaret" }
          ],
          "id" : "3C1F3D4E-0A51-4A2B-9E8E-1B8A2E3D1000",
          "meetings" : [
            {
              "date" : "2026-11-20T09:30:00Z",
              "id" : "3C1F3D4E-0A51-4A2B-9E8E-1B8A2E3D2001",
              "transcript" : "Ada: Finished the colour picker.\nGrace: Reviewing the new onboarding copy.\nLinus: Blocked on icons for the settings screen."
            },
            {
              "date" : "2026-11-19T09:30:00Z",
              "id" : "3C1F3D4E-0A51-4A2B-9E8E-1B8A2E3D2002",
              "transcript" : "Margaret: Usability sessions booked for Friday."
            }
          ],
          "minutes" : 10,
          "theme" : "orange",
          "title" : "Design"
        },
        {
          "attendees" : [
            { "id" : "3C1F3D4E-0A51-4A2B-9E8E-1B8A2E3D0011", "name" : "Dennis" },
            { "id" : "3C1F3D4E-0A51-4A2B-9E8E-1B8A2E3D0012", "name" : "Barbara" },
            { "id" : "3C1F3D4E-0A51-4A2B-9E8E-1B8A2E3D0013", "name" : "Ken" }
          ],
          "id" : "3C1F3D4E-0A51-4A2B-9E8E-1B8A2E3D1001",
          "meetings" : [],
          "minutes" : 15,
          "theme" : "periwinkle",
          "title" : "Engineering"
        },
        {
          "attendees" : [
            { "id" : "3C1F3D4E-0A51-4A2B-9E8E-1B8A2E3D0021", "name" : "Radia" },
            { "id" : "3C1F3D4E-0A51-4A2B-9E8E-1B8A2E3D0022", "name" : "Frances" }
          ],
          "id" : "3C1F3D4E-0A51-4A2B-9E8E-1B8A2E3D1002",
          "meetings" : [],
          "minutes" : 5,
          "theme" : "seafoam",
          "title" : "Product"
        }
      ],
      "version" : 1
    }
    """#

  /// The decoded samples (the embedded data is checked by tests, so this cannot fail).
  public static var standups: IdentifiedArrayOf<Standup> {
    (try? StandupsFormat.decode(Data(json.utf8))) ?? []
  }
}

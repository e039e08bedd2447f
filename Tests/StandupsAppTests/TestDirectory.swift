import Foundation

/// A new empty directory under the system's temporary one for a test's
/// files, named `<prefix>-<UUID>`.
func makeTestDirectory(_ prefix: String) -> String {
  let path = FileManager.default.temporaryDirectory
    .appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
  try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

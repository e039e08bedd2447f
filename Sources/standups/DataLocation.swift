import Foundation

/// Where the data file is: `--data`, else `STANDUPS_DATA`, else the XDG data
/// directory (`$XDG_DATA_HOME/standups/standups.json`, default `~/.local/share`).
enum DataLocation {
  static func resolve(flag: String?, environment: [String: String]) -> String {
    if let flag, !flag.isEmpty { return flag }
    if let path = environment["STANDUPS_DATA"], !path.isEmpty { return path }
    let base: String
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      base = xdg
    } else {
      let home = environment["HOME"] ?? NSHomeDirectory()
      base = home + "/.local/share"
    }
    return base + "/standups/standups.json"
  }
}

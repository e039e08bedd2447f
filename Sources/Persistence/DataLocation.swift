import Foundation

/// Where an app's data file is: the `--data` flag, else an environment
/// variable (`STANDUPS_DATA`), else the XDG data directory
/// (`$XDG_DATA_HOME/<app>/<file>`, default `~/.local/share`).
public struct DataLocation: Sendable {
  public var variable: String
  public var directory: String
  public var file: String

  public init(variable: String, directory: String, file: String) {
    self.variable = variable
    self.directory = directory
    self.file = file
  }

  public func resolve(flag: String?, environment: [String: String]) -> String {
    if let flag, !flag.isEmpty { return flag }
    if let path = environment[variable], !path.isEmpty { return path }
    let base: String
    if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
      base = xdg
    } else {
      let home = environment["HOME"] ?? NSHomeDirectory()
      base = home + "/.local/share"
    }
    return base + "/" + directory + "/" + file
  }

  /// What is wrong with a path the user chose (the flag, else the variable):
  /// an empty flag, a path ending in a slash, or a path in a directory that
  /// does not exist: a mistyped path would open an empty app and make that
  /// directory at the first save. The default directory
  /// is made when needed. Nil when there is nothing wrong.
  public func problem(flag: String?, environment: [String: String]) -> String? {
    let (path, named): (String, String)
    // An empty flag is a script's unset variable more often than a choice:
    // taking it for the default file would open (and write) the user's data.
    if flag == "" { return "--data '' names no file; leave --data out for the usual one" }
    if let flag {
      (path, named) = (flag, "--data \(flag)")
    } else if let value = environment[variable], !value.isEmpty {
      (path, named) = (value, "\(variable)=\(value)")
    } else {
      return nil
    }
    // `dir/` would lock and save inside a directory (`s.json/` under a
    // file): a path ending in a slash names no file.
    if path.hasSuffix("/") { return "\(named) ends in /: give the data file's path" }
    // A link that leads nowhere yet: saves go where it leads.
    let target = PathName.linkTarget(of: path)
    if target != path { return problem(of: target, named: "\(named) (a link to \(target))") }
    return problem(of: path, named: named)
  }

  private func problem(of path: String, named: String) -> String? {
    let parent = Persistence.directory(of: path)
    var info = stat()
    if stat(parent, &info) == 0 {
      return info.st_mode & S_IFMT == S_IFDIR ? nil : "\(named): \(parent) is not a directory"
    }
    // One the user may not look into is for the load or the save to report.
    guard errno == ENOENT else { return nil }
    // After `=` (or in quotes) the shell leaves a `~` as it is.
    let tilde = path.hasPrefix("~") ? "; the shell did not expand ~ here: write $HOME" : ""
    return "\(named): there is no directory \(parent) (make it first\(tilde))"
  }
}

/// The directory a file path is in ("." for a bare name).
func directory(of path: String) -> String {
  let directory = PathName.parent(of: path)
  return directory.isEmpty ? "." : directory
}

/// The version of both apps, kept here only: `--version`, full help and the
/// man pages show it.
public let appVersion = "0.3.0"

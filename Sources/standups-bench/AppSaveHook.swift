import StandupsCore

/// The `onStateChange` hook the app installs in `Sources/standups/RunApp.swift`:
/// after each batch of actions it decides whether the standups changed and
/// hands them to the saver. Copied here (minus the saver) because an
/// executable's code can't be imported; keep the two in step.
enum AppSaveHook {
  static func make(initial: IdentifiedArrayOf<Standup>) -> (AppFeature.State) -> Void {
    var lastSaved = initial
    return { state in
      let standups = state.standupsList.standups
      guard standups != lastSaved else { return }
      lastSaved = standups
    }
  }
}

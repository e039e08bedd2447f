import AppCommandLine
import Composable
import EventLoop
import StandupsCore
import StandupsTUI
import TerminalApp
import TerminalUI

/// The standups app put together: its root feature in the shell, with the
/// banners the shell shows for it, its view, and the runtime. The app and the
/// benchmarks build it the same way.
public enum StandupsComposition {
  public typealias AppStore = Store<Shell<AppFeature>.State, Shell<AppFeature>.Action>

  /// How the app draws: the version given to the view here, so that the
  /// view targets know nothing of where it is kept.
  public static var environment: RenderEnvironment { RenderEnvironment(version: appVersion) }

  @MainActor
  public static func makeStore(
    state: AppFeature.State, status: String? = nil, log: ChangeLog? = nil,
    standupsStore: StandupsStore, chime: SpeakerChime = .silent,
    dependencies: (inout DependencyValues) -> Void = { _ in }
  ) -> AppStore {
    Store(
      initialState: Shell<AppFeature>.State(app: state, status: status),
      reducer: AppReducer(log: log),
      withDependencies: {
        $0.standupsStore = standupsStore
        $0.speakerChime = chime
        $0.standupsIndexer = .offTheMainThread
        dependencies(&$0)
      })
  }

  @MainActor
  public static func makeRuntime(
    store: AppStore, backend: any TerminalBackend,
    environment: RenderEnvironment = StandupsComposition.environment,
    beforeSuspending: @escaping () async -> Void = {}
  ) -> TerminalRuntime<AppFeature, ViewMemory> {
    TerminalRuntime(
      store: store, view: StandupsView.make(environment: environment), memory: ViewMemory(),
      backend: backend, beforeSuspending: beforeSuspending)
  }
}

/// The app's reducer in its shell, with the debug log when one was asked for.
/// The shell is made once, with the store: every key runs through it, and a
/// `body` would be built again for each action (this type has stored
/// properties, so its body is not cached).
struct AppReducer: Reducer {
  private let shell: Shell<AppFeature>
  private let log: ChangeLog?

  init(log: ChangeLog?) {
    self.shell = Shell(
      AppFeature(), messages: StandupsView.message, quitting: .quitting,
      unsavedWork: StandupsView.unsavedWork)
    self.log = log
  }

  func reduce(
    into state: inout Shell<AppFeature>.State, action: Shell<AppFeature>.Action
  ) -> Effect<Shell<AppFeature>.Action> {
    if let log { return shell._printChanges(to: log).reduce(into: &state, action: action) }
    return shell.reduce(into: &state, action: action)
  }
}

extension StandupsIndexer {
  /// On a thread of its own, which ends with the build: the main thread,
  /// which runs every task of the app, goes on drawing and reading keys.
  static let offTheMainThread = StandupsIndexer { standups in
    let thread = ThreadExecutor()
    return await withTaskExecutorPreference(thread) { StandupsIndex(standups) }
  }
}

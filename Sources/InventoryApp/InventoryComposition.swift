import AppCommandLine
import Composable
import InventoryCore
import InventoryTUI
import TerminalApp
import TerminalUI

/// The inventory app put together: its root feature in the shell, with the
/// banners the shell shows for it, its view, and the runtime.
public enum InventoryComposition {
  public typealias AppStore = Store<Shell<AppFeature>.State, Shell<AppFeature>.Action>

  /// How the app draws: the version given to the view here, so that the
  /// view targets know nothing of where it is kept.
  public static var environment: RenderEnvironment { RenderEnvironment(version: appVersion) }

  @MainActor
  public static func makeStore(
    state: AppFeature.State, status: String? = nil, itemsStore: ItemsStore,
    dependencies: (inout DependencyValues) -> Void = { _ in }
  ) -> AppStore {
    Store(
      initialState: Shell<AppFeature>.State(app: state, status: status),
      reducer: Shell(
        AppFeature(), messages: InventoryView.message, unsavedWork: InventoryView.unsavedWork),
      withDependencies: {
        $0.itemsStore = itemsStore
        dependencies(&$0)
      })
  }

  @MainActor
  public static func makeRuntime(
    store: AppStore, backend: any TerminalBackend,
    environment: RenderEnvironment = InventoryComposition.environment,
    beforeSuspending: @escaping () async -> Void = {}
  ) -> TerminalRuntime<AppFeature, ViewMemory> {
    TerminalRuntime(
      store: store, view: InventoryView.make(environment: environment), memory: ViewMemory(),
      backend: backend, beforeSuspending: beforeSuspending)
  }
}

import Composable
import ComposableTesting
import Foundation
import Testing

// Ported from TCA's TestStoreTests: sending and receiving by case key path.

@MainActor
struct TCATestStoreCaseKeyPathTests {
  @Test func receiveCaseKeyPathWithValue() async {
    let store = TestStore<Int, DelegatingAction>(initialState: 0) {
      Reduce { _, action in
        switch action {
        case .tap:
          return .send(.delegate(.success(42)))
        case .delegate, .view:
          return .none
        }
      }
    }

    await store.send(.tap)
    await store.receive(\.delegate.success, 42)

    await store.send(.tap)
    await withKnownIssue {
      await store.receive(\.delegate.success, 43)
    } matching: {
      $0.mentions("Received unexpected action") && $0.mentions("− 43") && $0.mentions("+ 42")
    }
  }

  @Test func sendCaseKeyPath() async {
    let store = TestStore<Int, DelegatingAction>(initialState: 0) {
      Reduce { state, action in
        switch action {
        case .tap:
          return .send(.delegate(.success(42)))
        case .delegate:
          return .none
        case .view(.tap):
          state += 1
          return .send(.delegate(.success(42 * 42)))
        case .view(.delete(let indexSet)):
          let sum = indexSet.reduce(0, +)
          if sum == 42 {
            state += 1
          }
          return .send(.delegate(.success(sum)))
        }
      }
    }

    await store.send(\.tap)
    await store.receive(\.delegate.success, 42)

    await store.send(\.view.tap) {
      $0 = 1
    }
    await store.receive(\.delegate.success, 42 * 42)

    await store.send(\.view.delete, [0])
    await store.receive(\.delegate.success, 0)

    await store.send(\.view.delete, [19, 23]) {
      $0 = 2
    }
    await store.receive(\.delegate.success, 42)
  }

  @CasePathable
  enum DelegatingAction: Equatable, Sendable {
    case tap
    case delegate(Delegate)
    case view(View)

    @CasePathable
    enum Delegate: Equatable, Sendable {
      case success(Int)
    }

    @CasePathable
    enum View: Equatable, Sendable {
      case tap
      case delete(IndexSet)
    }
  }
}

import Composable
import ComposableTesting
import Foundation
import Testing

// Ported from TCA's TestStoreTests: dependencies in reducers and in assertions.
// `urlSession` is left out of the overrides: swift-dependencies is built here
// without FoundationNetworking, so it has no such dependency.

private struct NumberClient: DependencyKey {
  var fetch: @Sendable () -> Int
  // No test value: reading it in a test without an override is a failure.
  static let liveValue = NumberClient(fetch: { 42 })
}

extension DependencyValues {
  fileprivate var numberClient: NumberClient {
    get { self[NumberClient.self] }
    set { self[NumberClient.self] = newValue }
  }
}

@MainActor
struct TCATestStoreDependencyTests {
  /// Reads locale-related dependencies, which have no test value: reading one
  /// that is not overridden is a failure.
  struct LocaleReadingFeature: Reducer {
    @Dependency(\.calendar) var calendar
    @Dependency(\.locale) var locale
    @Dependency(\.timeZone) var timeZone

    var body: some Reducer<Int, Bool> {
      Reduce { state, action in
        _ = calendar
        _ = locale
        _ = timeZone
        state += action ? 1 : -1
        return .none
      }
    }
  }

  @Test func overrideDependenciesDirectlyOnReducer() async {
    let store = TestStore(initialState: 0) {
      LocaleReadingFeature()
        .dependency(\.calendar, Calendar(identifier: .gregorian))
        .dependency(\.locale, Locale(identifier: "en_US"))
        .dependency(\.timeZone, TimeZone(secondsFromGMT: 0)!)
    }

    await store.send(true) { $0 = 1 }
  }

  @Test func overrideDependenciesOnTestStore() async {
    let store = TestStore(initialState: 0) {
      LocaleReadingFeature()
    }
    store.dependencies.calendar = Calendar(identifier: .gregorian)
    store.dependencies.locale = Locale(identifier: "en_US")
    store.dependencies.timeZone = TimeZone(secondsFromGMT: 0)!

    await store.send(true) { $0 = 1 }
  }

  struct NowReadingFeature: Reducer {
    @Dependency(\.date.now) var now

    var body: some Reducer<Int, Void> {
      Reduce { state, _ in
        state = Int(now.timeIntervalSince1970)
        return .none
      }
    }
  }

  @Test func overrideDependenciesOnTestStoreMidwayChange() async {
    let store = TestStore(initialState: 0) {
      NowReadingFeature()
    } withDependencies: {
      $0.date.now = Date(timeIntervalSince1970: 1_234_567_890)
    }

    await store.send(()) { $0 = 1_234_567_890 }

    store.dependencies.date.now = Date(timeIntervalSince1970: 987_654_321)

    await store.send(()) { $0 = 987_654_321 }
  }

  struct ClientReadingFeature: Reducer {
    @Dependency(\.calendar) var calendar
    @Dependency(\.numberClient.fetch) var fetch
    @Dependency(\.locale) var locale
    @Dependency(\.timeZone) var timeZone

    var body: some Reducer<Int, Bool> {
      Reduce { state, action in
        _ = calendar
        _ = fetch()
        _ = locale
        _ = timeZone
        state += action ? 1 : -1
        return .none
      }
    }
  }

  @Test func overrideDependenciesOnTestStoreInit() async {
    let store = TestStore(initialState: 0) {
      ClientReadingFeature()
    } withDependencies: {
      $0.calendar = Calendar(identifier: .gregorian)
      $0.numberClient.fetch = { 1 }
      $0.locale = Locale(identifier: "en_US")
      $0.timeZone = TimeZone(secondsFromGMT: 0)!
    }

    await store.send(true) { $0 = 1 }
  }

  struct EarlyBindingFeature: Reducer {
    struct State: Equatable {
      var count = 0
      var date: Date
      init() {
        @Dependency(\.date.now) var now: Date
        self.date = now
      }
    }
    enum Action: Equatable {
      case tap
      case response(Int)
    }
    @Dependency(\.date.now) var now: Date
    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .tap:
          state.count += 1
          return .run { send in await send(.response(42)) }
        case .response(let number):
          state.count = number
          state.date = now
          return .none
        }
      }
    }
  }

  @Test func dependenciesEarlyBinding() async {
    let store = TestStore(initialState: EarlyBindingFeature.State()) {
      EarlyBindingFeature()
    } withDependencies: {
      $0.date = .constant(Date(timeIntervalSince1970: 1_234_567_890))
    }

    await store.send(.tap) {
      @Dependency(\.date.now) var now: Date
      $0.count = 1
      $0.date = now
    }
    await store.receive(.response(42)) {
      @Dependency(\.date.now) var now: Date
      $0.count = 42
      $0.date = now
    }
  }

  @Test func prepareDependenciesCalledOnce() {
    var count = 0
    let store = TestStore(initialState: 0) {
      EmptyReducer<Int, Void>()
    } withDependencies: { _ in
      count += 1
    }

    #expect(count == 1)
    _ = store
  }
}

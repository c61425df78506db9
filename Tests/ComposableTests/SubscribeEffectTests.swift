import Synchronization
import Testing

@testable import Composable

/// A source that pushes values to one subscriber at a time, as a callback-based observation
/// does: what ``Effect/subscribe(_:)`` runs.
final class PushSource: Sendable {
  private struct Subscriber {
    var onValue: @Sendable (Int) -> Void
    var finish: @Sendable () -> Void
  }
  private let subscriber = Mutex<Subscriber?>(nil)
  private let counts = Mutex((subscribed: 0, stopped: 0))

  var subscribed: Int { counts.withLock { $0.subscribed } }
  var stopped: Int { counts.withLock { $0.stopped } }

  func subscribe(
    _ onValue: @escaping @Sendable (Int) -> Void, finish: @escaping @Sendable () -> Void
  )
    -> @Sendable () -> Void
  {
    subscriber.withLock { $0 = Subscriber(onValue: onValue, finish: finish) }
    counts.withLock { $0.subscribed += 1 }
    return { [self] in
      subscriber.withLock { $0 = nil }
      counts.withLock { $0.stopped += 1 }
    }
  }

  func push(_ value: Int) {
    subscriber.withLock { $0 }?.onValue(value)
  }

  func finish() {
    subscriber.withLock { $0 }?.finish()
  }
}

@Suite struct SubscribeEffectTests {
  enum ID { case source }

  /// A feature that subscribes to `source` on `true`, cancels on `false`, and records values.
  /// How long a test waits for a value pushed from the test: the effect that forwards it runs
  /// on the cooperative pool, which the whole suite keeps busy on a small machine (a second was
  /// once too little there). Passing tests never wait for it.
  static let patience: Duration = .seconds(30)

  static func feature(_ source: PushSource, concatenated: Bool = false) -> Reduce<[Int], Int?> {
    Reduce { state, action in
      switch action {
      case nil:
        let subscription = Effect<Int?>.subscribe { send, finish in
          source.subscribe({ send($0) }, finish: finish)
        }
        .map { $0 }
        return concatenated
          ? .concatenate(subscription, .send(-1))
          : subscription.cancellable(id: ID.source, cancelInFlight: true)
      case -2:
        return .cancel(id: ID.source)
      case let value?:
        state.append(value)
        return .none
      }
    }
  }

  @Test func valuesArriveWithoutATaskUntilCancelled() async {
    let source = PushSource()
    let store = TestStore(initialState: [Int]()) { Self.feature(source) }
    store.timeout = Self.patience
    await store.send(nil)
    #expect(source.subscribed == 1)
    #expect(store.store.runningEffectCount == 1)
    source.push(1)
    await store.receive(1) { $0 = [1] }
    source.push(2)
    await store.receive(2) { $0 = [1, 2] }
    await store.send(-2)
    #expect(source.stopped == 1)
    #expect(store.store.runningEffectCount == 0)
    source.push(3)
    await store.finish()
  }

  @Test func cancelInFlightStopsThePreviousSubscription() async {
    let source = PushSource()
    let store = TestStore(initialState: [Int]()) { Self.feature(source) }
    await store.send(nil)
    await store.send(nil)
    #expect(source.subscribed == 2)
    #expect(source.stopped == 1)
    #expect(store.store.runningEffectCount == 1)
    await store.send(-2)
    await store.finish()
  }

  @Test func aSourceThatFinishesIsStoppedAndNoLongerRuns() async {
    let source = PushSource()
    let store = TestStore(initialState: [Int]()) { Self.feature(source) }
    await store.send(nil)
    source.finish()
    #expect(store.store.runningEffectCount == 0)
    #expect(source.stopped == 1)
    await store.finish()
  }

  @Test func releasingTheStoreStopsTheSource() async {
    let source = PushSource()
    var store: Store<[Int], Int?>? = Store(initialState: [Int]()) { Self.feature(source) }
    store?.send(nil)
    #expect(source.subscribed == 1)
    store = nil
    #expect(source.stopped == 1)
  }

  @Test func aConcatenationWaitsForTheSourceToFinish() async {
    let source = PushSource()
    let store = TestStore(initialState: [Int]()) { Self.feature(source, concatenated: true) }
    store.timeout = Self.patience
    await store.send(nil)
    source.push(5)
    await store.receive(5) { $0 = [5] }
    source.finish()
    await store.receive(-1) { $0 = [5, -1] }
    await store.finish()
  }

  @Test func aSourceEndedWhileSubscribingIsStoppedAtOnce() async {
    let stopped = Atomic<Int>(0)
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { _, _ in
        .subscribe { _, finish in
          finish()
          return { stopped.add(1, ordering: .relaxed) }
        }
      }
    }
    store.send(0)
    #expect(stopped.load(ordering: .relaxed) == 1)
    #expect(store.runningEffectCount == 0)
  }
}

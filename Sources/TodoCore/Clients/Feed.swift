import Composable
import Synchronization

/// Values pushed to a subscriber, now and after each change: what a page observes for as long
/// as it is open (its list, its views, whether the store can be reached).
///
/// A feed calls its subscriber back instead of being iterated, so a page holds no suspended
/// task per observation: a server keeps a page per connection, and a task waiting on an async
/// sequence keeps a kilobyte or more of frames for as long as it waits. ``values()`` turns a
/// feed into an async sequence where one is wanted; ``init(_:)`` turns a sequence into a feed
/// (a test's stub).
///
/// ```swift
/// let unsubscribe = service.feed(list: listID).subscribe(
///   { observation in draw(observation) },
///   { error in if let error { show(error) } })
/// // …
/// unsubscribe()
/// ```
public struct Feed<Value: Sendable>: Sendable {
  /// Subscribes: `onValue` receives each value, one at a time, on whatever thread produced it
  /// (it must return quickly); `onEnd` is called once if the feed ends by itself, with the
  /// error it failed with or `nil`. Returns the function that unsubscribes.
  public let subscribe:
    @Sendable (
      _ onValue: @escaping @Sendable (Value) -> Void,
      _ onEnd: @escaping @Sendable ((any Error)?) -> Void
    ) -> @Sendable () -> Void

  /// A feed from its subscribing function.
  public init(
    subscribe:
      @escaping @Sendable (
        _ onValue: @escaping @Sendable (Value) -> Void,
        _ onEnd: @escaping @Sendable ((any Error)?) -> Void
      ) -> @Sendable () -> Void
  ) {
    self.subscribe = subscribe
  }

  /// A feed of a sequence's elements: each subscriber iterates a sequence `makeSequence`
  /// makes, in a task of its own.
  public init<Values: AsyncSequence & Sendable>(
    _ makeSequence: @escaping @Sendable () -> Values
  ) where Values.Element == Value {
    subscribe = { onValue, onEnd in
      let task = Task {
        do {
          for try await value in makeSequence() { onValue(value) }
          onEnd(nil)
        } catch is CancellationError {
        } catch {
          onEnd(error)
        }
      }
      return { task.cancel() }
    }
  }

  /// A feed that ends at once, with no value.
  public static var finished: Self {
    Feed { _, onEnd in
      onEnd(nil)
      return {}
    }
  }

  /// The values as an async sequence; a slow consumer gets the newest.
  public func values() -> AsyncThrowingStream<Value, any Error> {
    AsyncThrowingStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let unsubscribe = subscribe(
        { continuation.yield($0) }, { continuation.finish(throwing: $0) })
      continuation.onTermination = { _ in unsubscribe() }
    }
  }
}

extension Effect {
  /// An effect that sends an action for each value of `feed`, and `failure`'s for the error it
  /// ends with, without a task (``Effect/subscribe(_:)``).
  static func feed<Value>(
    _ feed: Feed<Value>, _ action: @escaping @Sendable (Value) -> Action,
    failure: (@Sendable (any Error) -> Action)? = nil
  ) -> Self {
    .subscribe { send, finish in
      feed.subscribe(
        { send(action($0)) },
        { error in
          if let error, let failure { send(failure(error)) }
          finish()
        })
    }
  }
}

import Composable
import Foundation

/// One open list screen, whatever draws it: a ``LivePage`` store with the dependencies it
/// runs on, acting on one ``TodoService``.
///
/// The server opens one per WebSocket connection and draws it as a web page; `todo tui`
/// opens one on its database and draws it in the terminal. Both send the same actions and
/// show the same ``PageSnapshot``, so the session is where the store and its dependencies are
/// made, once: the service (acting for the signed-in person), the clock, and the calendar
/// quick entry reads "tomorrow" in (the machine's, as it is now, until the page sends its own
/// time zone with ``LivePage/Action/setTimeZone(_:)``).
///
/// ```swift
/// let session = LivePageSession(service: service)
/// let observation = session.observe { state in draw(PageSnapshot(state)) }
/// session.send(.onAppear)
/// // …
/// observation.cancel()
/// session.end()
/// ```
public final class LivePageSession: Sendable {
  private let store: Store<LivePage.State, LivePage.Action>

  /// Opens a screen on `service`.
  ///
  /// - Parameters:
  ///   - service: The service the screen reads and writes through; pass one acting for
  ///     `signedIn` on a server with accounts.
  ///   - signedIn: Who is signed in, if anyone: the screen opens their Inbox.
  ///   - rows: How many rows at the top of the list the screen holds from its first
  ///     snapshot (``PageList/Local/rows``); `nil` for all of them.
  public init(service: TodoService, signedIn: Principal? = nil, rows: Int? = nil) {
    var initial = LivePage.State(signedIn: signedIn)
    initial.list.rows = rows
    store = Store(initialState: initial) {
      LivePage()
    } withDependencies: {
      $0.todoClient = .live(service)
      $0.date = DateGenerator { Date() }
      $0.continuousClock = ContinuousClock()
      $0.calendar = .autoupdatingCurrent
    }
  }

  /// The screen's state now.
  public var state: LivePage.State { store.state }

  /// Sends one action: an event of the person, or ``LivePage/Action/onAppear`` to start.
  public func send(_ action: LivePage.Action) {
    store.send(action)
  }

  /// Calls `onChange` with the state after every action, on the thread that processed it
  /// (see Composable's `Store.observe(_:)`).
  ///
  /// - Returns: The observation; it stops when cancelled or released.
  public func observe(_ onChange: @escaping @Sendable (LivePage.State) -> Void) -> Observation {
    Observation(store.observe(onChange))
  }

  /// The state now, then the state after every action; with `.bufferingNewest(1)` a slow
  /// reader gets only the newest.
  public func states(
    bufferingPolicy: AsyncStream<LivePage.State>.Continuation.BufferingPolicy = .unbounded
  ) -> AsyncStream<LivePage.State> {
    store.states(bufferingPolicy: bufferingPolicy)
  }

  /// Closes the screen: its observation of the data ends and its effects are cancelled.
  public func end() {
    store.send(.onDisappear)
    store.cancelAllEffects()
  }

  /// A running ``LivePageSession/observe(_:)``.
  public final class Observation: Sendable {
    private let observation: StoreObservation

    init(_ observation: StoreObservation) {
      self.observation = observation
    }

    /// Stops the observation. Calling it again does nothing.
    public func cancel() {
      observation.cancel()
    }
  }
}

/// How often an observation publishes while commits keep arriving.
///
/// The first commit after a quiet frame goes out at once; those that follow within the frame
/// go out together at its end, as one value whose changeset covers them all. An observation
/// shared by many observers hands each of them every value, so under a burst its cost grows
/// with them: with `perObserver`, the frame grows by that much for each observer, which
/// bounds the values handed out per second whatever their number (a server with 5,000 pages
/// open on a busy list updates each of them four times a second instead of sixty, and keeps
/// its processors for the writes). An isolated commit still goes out at once.
///
/// ```swift
/// let pacing = ObservationPacing(frame: .milliseconds(16), perObserver: .microseconds(50))
/// for try await results in context.observe(request, pacing: pacing) { render(results) }
/// ```
public struct ObservationPacing: Hashable, Sendable {
  /// The shortest time between two values; zero publishes every commit as it is applied.
  public var frame: Duration
  /// The time each observer adds to the frame.
  public var perObserver: Duration

  /// A pacing of `frame`, growing by `perObserver` for each observer.
  public init(frame: Duration, perObserver: Duration = .zero) {
    self.frame = frame
    self.perObserver = perObserver
  }

  /// Every commit published as soon as it is applied.
  public static let immediate = ObservationPacing(frame: .zero)

  /// The frame with `observers` observers.
  public func frame(observers: Int) -> Duration {
    max(frame, perObserver * observers)
  }
}

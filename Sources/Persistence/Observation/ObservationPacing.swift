/// How often an observation publishes while commits keep arriving.
///
/// The first commit after a quiet frame goes out at once; those that follow within the frame
/// go out together at its end, as one value whose changeset covers them all. An observation
/// shared by many observers hands each of them every value, so under a burst its cost grows
/// with them: with a `deliveryShare` below 1, the observation measures how long handing a
/// value to its observers took (what their callbacks do with it included) and waits long
/// enough before the next value that handing out takes at most that share of its time. A
/// server with thousands of pages open on a busy list then updates each of them less often
/// the more there are, and keeps its processors for the writes, while a few pages are
/// updated every frame. An isolated commit still goes out at once: the share is kept only
/// while the observation is under load (commits waiting when a value has been handed out, or
/// handing out took more than its share of the last second or so), so a commit that comes
/// after a quiet moment is never held back for the cost of the value before it.
///
/// ```swift
/// let pacing = ObservationPacing(frame: .milliseconds(16), deliveryShare: 0.5)
/// let subscription = context.subscribe(request, pacing: pacing, onValue: render, onEnd: end)
/// ```
public struct ObservationPacing: Hashable, Sendable {
  /// The shortest time between two values; zero publishes every commit as it is applied.
  public var frame: Duration
  /// The most of its time an observation spends handing values to its observers while
  /// commits keep coming, from just above 0 to 1 (no wait beyond the frame).
  public var deliveryShare: Double

  /// A pacing of `frame`, spending at most `deliveryShare` of the time handing values out.
  public init(frame: Duration, deliveryShare: Double = 1) {
    self.frame = frame
    self.deliveryShare = min(1, max(deliveryShare, 0.01))
  }

  /// Every commit published as soon as it is applied.
  public static let immediate = ObservationPacing(frame: .zero)

  /// How long to wait, after handing a value out took `delivery`, before the next value: what
  /// is left of the frame, and when the observation is `loaded` (commits already waiting, or
  /// handing out took more than its share of the recent time) the wait that keeps handing out
  /// within its share, whichever is longer.
  public func wait(afterDelivering delivery: Duration, loaded: Bool = true) -> Duration {
    let share = loaded ? delivery * ((1 - deliveryShare) / deliveryShare) : .zero
    return max(frame - delivery, share, .zero)
  }
}

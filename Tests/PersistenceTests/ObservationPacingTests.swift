import Persistence
import Testing

/// How long an observation waits between two values under a burst of commits.
@Suite("Observation pacing")
struct ObservationPacingTests {
  @Test("the wait is what is left of the frame, or what keeps delivery within its share")
  func waitFollowsTheDelivery() {
    let pacing = ObservationPacing(frame: .milliseconds(16), deliveryShare: 0.5)
    #expect(pacing.wait(afterDelivering: .zero) == .milliseconds(16))
    #expect(pacing.wait(afterDelivering: .milliseconds(6)) == .milliseconds(10))
    #expect(pacing.wait(afterDelivering: .milliseconds(30)) == .milliseconds(30))
    let quarter = ObservationPacing(frame: .milliseconds(16), deliveryShare: 0.25)
    #expect(quarter.wait(afterDelivering: .milliseconds(10)) == .milliseconds(30))
    #expect(ObservationPacing(frame: .milliseconds(16)).wait(afterDelivering: .seconds(1)) == .zero)
    #expect(ObservationPacing.immediate.wait(afterDelivering: .milliseconds(5)) == .zero)
  }

  @Test("what observers do after their callbacks counts as handing out, per observer")
  func observerWorkCounts() {
    let pacing = ObservationPacing(
      frame: .milliseconds(16), deliveryShare: 0.5, observerWork: .microseconds(20))
    // A few observers: the frame decides.
    #expect(pacing.wait(afterDelivering: .milliseconds(1), to: 10) == .milliseconds(15))
    // 1,000 observers: 10 ms of callbacks and 20 ms after them, handed out in half the time.
    #expect(pacing.wait(afterDelivering: .milliseconds(10), to: 1_000) == .milliseconds(50))
    // Without a share to keep, the work after the callbacks does not count.
    let unshared = ObservationPacing(frame: .milliseconds(16), observerWork: .microseconds(20))
    #expect(unshared.wait(afterDelivering: .milliseconds(1), to: 1_000) == .milliseconds(15))
  }
}

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
}

import Testing

@testable import Persistence

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

  @Test("an observation that is not under load waits only for the rest of the frame")
  func shareOnlyUnderLoad() {
    let pacing = ObservationPacing(frame: .milliseconds(16), deliveryShare: 0.5)
    #expect(pacing.wait(afterDelivering: .milliseconds(30), loaded: true) == .milliseconds(30))
    #expect(pacing.wait(afterDelivering: .milliseconds(30), loaded: false) == .zero)
    #expect(pacing.wait(afterDelivering: .milliseconds(6), loaded: false) == .milliseconds(10))
    #expect(pacing.wait(afterDelivering: .milliseconds(6), loaded: true) == .milliseconds(10))
  }

  @Test("the recent share of delivering follows steady deliveries and fades after them")
  func deliveryLoad() {
    func steady(_ delivery: Duration, every period: Duration) -> (Double, Double) {
      var load = DeliveryLoad()
      var now = ContinuousClock.now
      for _ in 0..<50 {
        now += period
        load.record(delivery, endingAt: now)
      }
      return (load.share(at: now), load.share(at: now + .seconds(5)))
    }
    let (light, lightLater) = steady(.milliseconds(40), every: .milliseconds(140))
    #expect(light > 0.25 && light < 0.35)
    #expect(lightLater < 0.01)
    let (heavy, _) = steady(.milliseconds(80), every: .milliseconds(100))
    #expect(heavy > 0.7)

    var once = DeliveryLoad()
    let end = ContinuousClock.now
    once.record(.milliseconds(150), endingAt: end)
    #expect(once.share(at: end) == 0.15)
  }
}

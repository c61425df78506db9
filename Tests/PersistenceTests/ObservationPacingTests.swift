import Persistence
import Testing

/// How an observation's frame grows with the observers that share it.
@Suite("Observation pacing")
struct ObservationPacingTests {
  @Test("the frame is the larger of its own and the observers' share")
  func frameGrowsWithObservers() {
    let pacing = ObservationPacing(frame: .milliseconds(16), perObserver: .microseconds(50))
    #expect(pacing.frame(observers: 0) == .milliseconds(16))
    #expect(pacing.frame(observers: 100) == .milliseconds(16))
    #expect(pacing.frame(observers: 1_000) == .milliseconds(50))
    #expect(pacing.frame(observers: 5_000) == .milliseconds(250))
    #expect(ObservationPacing.immediate.frame(observers: 5_000) == .zero)
  }
}

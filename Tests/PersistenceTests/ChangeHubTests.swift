import Synchronization
import Testing

@testable import Persistence

/// The hub calls a receiver only for the events it listens to: a server has an availability
/// receiver per open page, and calling each for every commit made writes slow down with the
/// number of pages.
@Suite struct ChangeHubTests {
  private final class Received: Sendable {
    let events = Mutex<[String]>([])
    func record(_ event: ChangeHub.Event) {
      let name =
        switch event {
        case .commit: "commit"
        case .external: "external"
        case .availability: "availability"
        case .closed: "closed"
        }
      events.withLock { $0.append(name) }
    }
    var names: [String] { events.withLock { $0 } }
  }

  @Test func availabilityReceiversAreNotToldOfCommits() {
    let hub = ChangeHub()
    let everything = Received()
    let availability = Received()
    _ = hub.subscribe { everything.record($0) }
    _ = hub.subscribe(to: .availability) { availability.record($0) }
    #expect(hub.subscriberCount == 2)

    hub.publish(.commit(CommitSummary(sequence: ChangeSequence(rawValue: 1), changes: [:])))
    hub.publish(.external)
    hub.publish(.availability(.unavailable("restarting")))
    hub.publish(.closed)

    #expect(everything.names == ["commit", "external", "availability", "closed"])
    #expect(availability.names == ["availability", "closed"])
  }

  @Test func unsubscribingEitherKindStopsIt() {
    let hub = ChangeHub()
    let everything = Received()
    let availability = Received()
    let first = hub.subscribe { everything.record($0) }
    let second = hub.subscribe(to: .availability) { availability.record($0) }
    hub.unsubscribe(second)
    hub.unsubscribe(first)
    #expect(hub.subscriberCount == 0)

    hub.publish(.availability(.available))
    #expect(everything.names.isEmpty)
    #expect(availability.names.isEmpty)
  }
}

import Composable
import Foundation
import Testing

@testable import TodoCore

/// A page's events that come before its first load (``PageLoadGate``): what a client that
/// reconnects sends at once, its list and then what it did while offline.
@Suite("A page's first events", .timeLimit(.minutes(1)))
struct PageLoadGateTests {
  @Test("events sent before the first load wait for it, then run in order, each done first")
  func heldUntilLoaded() async throws {
    try await LivePageFixture.with { fixture in
      let errands = try await fixture.service.createList(named: "Errands")
      let session = LivePageSession(service: fixture.service)
      defer { session.end() }
      let states = session.states(bufferingPolicy: .unbounded)
      session.send(.onAppear)
      session.send(.sidebar(.chooseList(errands.id)))
      session.send(.list(.add("Pears")))
      session.send(.list(.add("Plums")))
      for await state in states {
        #expect(state.problem == nil, "a held event was refused")
        // Both added, wherever they went.
        if state.data.openCounts.values.reduce(0, +) == 2 { break }
      }
      let added = try await fixture.service.todos(inList: errands.id)
      #expect(added.map(\.title) == ["Pears", "Plums"])
      #expect(try await fixture.service.todos(inList: TodoList.inboxID).isEmpty)
      #expect(session.state.heldEvents.isEmpty && !session.state.releasingHeld)
    }
  }

  @Test("a page holds at most a bounded number of events before it has loaded")
  func bounded() {
    typealias Gate = PageLoadGate<EmptyReducer<LivePage.State, LivePage.Action>>
    var state = LivePage.State()
    let gate = Gate { EmptyReducer() }
    for index in 0...Gate.limit {
      _ = gate.reduce(into: &state, action: .list(.add("\(index)")))
    }
    #expect(state.heldEvents.count == Gate.limit)
    #expect(state.heldEvents.last == .list(.add("\(Gate.limit - 1)")))
    #expect(state.problem == "The page is still loading; try again in a moment.")
    _ = gate.reduce(into: &state, action: .onAppear)
    #expect(state.heldEvents.count == Gate.limit, "the page's own lifecycle is never held")
  }
}

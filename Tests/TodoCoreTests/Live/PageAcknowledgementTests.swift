import Composable
import Foundation
import Testing

@testable import TodoCore

/// A page's numbered events (``PageAcknowledgement``): acknowledged once done and shown by the
/// page's data, never before, so a browser's prediction is replaced by the server's state
/// without the old state showing in between.
@Suite("Acknowledging a page's numbered events", .timeLimit(.minutes(1)))
struct PageAcknowledgementTests {
  @Test("an event is acknowledged in the first state whose data shows what it did")
  func acknowledgedWithItsData() async throws {
    try await LivePageFixture.with { fixture in
      let session = LivePageSession(service: fixture.service)
      defer { session.end() }
      let states = session.states(bufferingPolicy: .unbounded)
      session.send(.onAppear)
      let id = UUID()
      session.send(.numbered(1, .list(.create(id, "Pears"))))
      for await state in states where state.acknowledged >= 1 {
        #expect(state.data.todos.map(\.id) == [id], "acknowledged before the data showed it")
        break
      }
      // Sent again (a connection dropped before the answer): nothing more is added.
      session.send(.numbered(2, .list(.create(id, "Pears"))))
      for await state in states where state.acknowledged >= 2 {
        #expect(state.problem == nil)
        break
      }
      let added = try await fixture.service.todos(inList: TodoList.inboxID)
      #expect(added.map(\.id) == [id])
    }
  }

  @Test("a todo created with another list's todo's identifier is refused, that todo untouched")
  func identifierOfAnotherTodo() async throws {
    try await LivePageFixture.with { fixture in
      let errands = try await fixture.service.createList(named: "Errands")
      let pears = try await fixture.service.createTodo(NewTodo(title: "Pears", listID: errands.id))
      await #expect(
        throws: TodoError.validation(field: "id", message: "another todo has this identifier")
      ) {
        _ = try await fixture.service.createTodo(NewTodo(title: "Plums", id: pears.id))
      }
      let kept = try await fixture.service.todos(inList: errands.id)
      #expect(kept.map(\.title) == ["Pears"])
    }
  }

  @Test("a refused event is acknowledged with the problem that says why")
  func refusedIsAcknowledged() async throws {
    try await LivePageFixture.with { fixture in
      let milk = try await fixture.service.createTodo(NewTodo(title: "Milk"))
      let session = LivePageSession(service: fixture.service)
      defer { session.end() }
      let states = session.states(bufferingPolicy: .unbounded)
      session.send(.onAppear)
      try await fixture.service.trashTodo(id: milk.id)
      session.send(.numbered(1, .list(.setStatus(milk.id, .done))))
      for await state in states where state.acknowledged >= 1 {
        #expect(state.problem != nil)
        break
      }
    }
  }

  @Test("numbers are acknowledged in order: one done after a gap waits for the gap")
  func contiguous() {
    var state = LivePage.State()
    state.acknowledge(2)
    #expect(state.acknowledged == 0)
    state.acknowledge(1)
    #expect(state.acknowledged == 2)
    state.acknowledge(1)
    #expect(state.acknowledged == 2)
  }

  @Test("an event whose commit no observation shows is acknowledged after the fallback")
  func fallback() async {
    typealias Acknowledgement = PageAcknowledgement<EmptyReducer<LivePage.State, LivePage.Action>>
    let clock = TestClock()
    let store = TestStore(initialState: LivePage.State()) {
      Acknowledgement { EmptyReducer() }
    } withDependencies: {
      $0.continuousClock = clock
      $0.todoClient.publishedSequence = { 7 }
    }
    await store.send(.settled(1, 7)) { $0.settling = [1: 7] }
    await clock.advance(by: Acknowledgement.fallback)
    await store.receive(\.settleTimedOut, 1) {
      $0.settling = [:]
      $0.acknowledged = 1
    }
  }
}

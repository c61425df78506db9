import Composable
import Foundation
import Testing

@testable import TodoCore

@Suite("LivePage over a replaced TodoClient: no store involved")
struct LivePageClientTests {
  @Test("the page shows what the client observes and reports what the client refuses")
  func stubbedClient() async throws {
    let now = Date(timeIntervalSince1970: 1_767_225_600)
    let inbox = TodoList(
      id: TodoList.inboxID, name: "Inbox", order: try .between(nil, nil), createdAt: now,
      updatedAt: now)
    let todo = Todo(
      listID: TodoList.inboxID, title: "Stubbed", order: try .between(nil, nil), createdAt: now,
      updatedAt: now)
    let (values, input) = AsyncThrowingStream.makeStream(of: ListObservation.self)
    let created = LockIsolated<[String]>([])
    var client = TodoClient.unavailable
    client.observeList = { _ in Feed { values } }
    client.createTodo = { draft in
      created.withValue { $0.append(draft.title) }
      throw TodoError.validation(field: "title", message: "refused by the stub")
    }
    let store = TestStore(initialState: LivePage.State()) {
      LivePage()
    } withDependencies: {
      $0.todoClient = client
      $0.date = .constant(now)
      $0.calendar = .utcGregorian
    }
    await store.send(.onAppear)
    input.yield(ListObservation(lists: [inbox], listID: inbox.id, todos: [todo], sequence: 7))
    let loaded = LivePage.Loaded(
      lists: [inbox], listID: inbox.id, todos: [todo], now: now, sequence: 7)
    await store.receive(\.loaded, loaded) {
      $0.data.loaded = true
      $0.data.lists = [inbox]
      $0.data.todos = [todo]
      $0.data.todosListID = inbox.id
      $0.data.now = now
      $0.data.sequence = 7
    }
    await store.send(.list(.add("Milk")))
    await store.receive(\.list.failed) { $0.problem = "title: refused by the stub" }
    #expect(created.value == ["Milk"])
    input.finish()
    await store.finish()
  }

  @Test("the page says when the server loses its store and when it is back")
  func storeReachability() async throws {
    let (observations, observed) = AsyncThrowingStream.makeStream(of: ListObservation.self)
    let (reachability, reachable) = AsyncStream.makeStream(of: Bool.self)
    var client = TodoClient.unavailable
    client.observeList = { _ in Feed { observations } }
    client.reachabilityChanges = { Feed { reachability } }
    let store = TestStore(initialState: LivePage.State()) {
      LivePage()
    } withDependencies: {
      $0.todoClient = client
      $0.date = .constant(Date(timeIntervalSince1970: 1_767_225_600))
      $0.calendar = .utcGregorian
    }
    await store.send(.onAppear)
    reachable.yield(false)
    await store.receive(\.storeReachable, false) { $0.storeUnreachable = true }
    #expect(LiveChrome(store.state).storeOffline)
    reachable.yield(true)
    await store.receive(\.storeReachable, true) { $0.storeUnreachable = false }
    #expect(!LiveChrome(store.state).storeOffline)
    await store.send(.onDisappear)
    observed.finish()
    reachable.finish()
    await store.finish()
  }

  @Test("showing another view while the sheet opens closes it, and its work is cancelled")
  func navigationCancelsTheSheet() async throws {
    let now = Date(timeIntervalSince1970: 1_767_225_600)
    let inbox = TodoList(
      id: TodoList.inboxID, name: "Inbox", order: try .between(nil, nil), createdAt: now,
      updatedAt: now)
    let todo = Todo(
      listID: TodoList.inboxID, title: "Stubbed", order: try .between(nil, nil), createdAt: now,
      updatedAt: now)
    let (values, input) = AsyncThrowingStream.makeStream(of: ListObservation.self)
    var client = TodoClient.unavailable
    client.observeList = { _ in Feed { values } }
    // A session that takes an hour to open: only a cancellation ends it.
    client.beginEdit = { _ in
      try await Task.sleep(for: .seconds(3_600))
      throw CancellationError()
    }
    let store = TestStore(initialState: LivePage.State()) {
      LivePage()
    } withDependencies: {
      $0.todoClient = client
      $0.date = .constant(now)
      $0.calendar = .utcGregorian
    }
    await store.send(.onAppear)
    input.yield(ListObservation(lists: [inbox], listID: inbox.id, todos: [todo], sequence: 7))
    let loaded = LivePage.Loaded(
      lists: [inbox], listID: inbox.id, todos: [todo], now: now, sequence: 7)
    await store.receive(\.loaded, loaded) { $0.apply(loaded) }
    await store.send(.editor(.beginEdit(todo.id))) {
      $0.editor.sheet = TodoEditor.State(todoID: todo.id)
    }
    await store.receive(.editor(.sheet(.begin)))
    await store.send(.sidebar(.chooseView(.today)))
    await store.receive(.sidebar(.delegate(.showView(.today)))) {
      $0.data.view = .today
      $0.editor.sheet = nil
    }
    await store.send(.onDisappear)
    input.finish()
    // `finish` fails if the sheet's work still runs.
    await store.finish()
  }
}

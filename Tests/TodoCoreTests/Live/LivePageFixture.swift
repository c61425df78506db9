import Composable
import Foundation
import Testing

@testable import TodoCore

/// A live page over a real temporary store, with a clock that stands still.
struct LivePageFixture {
  static let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
  let service: TodoService

  /// Runs `body` with a fixture on a new temporary store, then closes and deletes it.
  static func with(_ body: (LivePageFixture) async throws -> Void) async throws {
    let store = try TemporaryStore()
    defer { try? FileManager.default.removeItem(at: store.directory) }
    let service = try await TodoService.open(.file(store.file), now: { now })
    defer { try? service.close() }
    try await body(LivePageFixture(service: service))
  }

  /// A test store of the page, not yet loaded.
  func page() -> TestStore<LivePage.State, LivePage.Action> {
    TestStore(initialState: LivePage.State()) {
      LivePage(service: service, now: { Self.now })
    }
  }

  /// What the page reads now: the load the store receives next.
  func loaded(_ listID: UUID = TodoList.inboxID) async throws -> LivePage.Loaded {
    LivePage.Loaded(
      lists: try await service.lists(), listID: listID,
      todos: try await service.todos(inList: listID), now: Self.now)
  }

  /// Waits until the store's todos in `listID` satisfy `condition` (a write made by an effect
  /// is committed before the effect reloads), then returns the load the store receives.
  func loaded(
    _ listID: UUID = TodoList.inboxID, when condition: ([Todo]) -> Bool
  ) async throws -> LivePage.Loaded {
    for _ in 0..<2_000 {
      let todos = try await service.todos(inList: listID)
      if condition(todos) { return try await loaded(listID) }
      await Task.yield()
    }
    Issue.record("the store never reached the expected todos")
    return try await loaded(listID)
  }

  /// Opens `store` on the Inbox and asserts the first load.
  func appear(_ store: TestStore<LivePage.State, LivePage.Action>) async throws {
    let first = try await loaded()
    await store.send(.onAppear)
    await store.receive(\.loaded, first) { $0.apply(first) }
  }
}

extension LivePage.State {
  /// The state after a load, as the reducer sets it.
  mutating func apply(_ loaded: LivePage.Loaded) {
    self.loaded = true
    lists = loaded.lists
    listID = loaded.listID
    todos = loaded.todos
    now = loaded.now
  }
}

/// The message the server sends when the page goes from `before` to `after`.
func sent(_ before: LivePage.State, _ after: LivePage.State) -> LiveChanges {
  LiveChanges(from: PageSnapshot(before), to: PageSnapshot(after), revision: 2)
}

/// A stage item for assertions.
func item(_ section: Int, _ element: Int, _ id: UUID) -> LiveChanges.Stage.Item {
  LiveChanges.Stage.Item(section: section, element: element, id: id.uuidString)
}

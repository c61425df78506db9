import Foundation
import Persistence
import Synchronization
import Testing

@testable import TodoCore

/// A clock for tests that stands still until the test moves it.
final class SettableClock: Sendable {
  static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
  private let date = Mutex<Date>(SettableClock.start)

  /// The time now.
  func now() -> Date { date.withLock { $0 } }

  /// Moves the clock forward.
  func advance(_ seconds: TimeInterval) {
    date.withLock { $0 += seconds }
  }

  /// Runs `body` with a service on a new temporary store whose clock is `clock`, then closes
  /// and deletes it.
  static func with(_ body: (TodoService, SettableClock) async throws -> Void) async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let clock = SettableClock()
    let service = try await TodoService.open(store.location, now: { clock.now() })
    defer { try? service.close() }
    try await body(service, clock)
  }
}

/// Who calls an operation in the access tests.
enum Role: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// Alice, who owns the lists.
  case owner
  /// Bob, an editor of Groceries and Old.
  case editor
  /// Carol, a viewer of Groceries and Old.
  case viewer
  /// Dave, with whom nothing is shared.
  case stranger
  /// Alice with a read-only token.
  case readOnly

  var testDescription: String { rawValue }
}

/// What an operation should do for a role.
enum Outcome: Equatable, Sendable {
  case allowed
  /// Refused with `TodoError.notFound` of this entity, as if the object did not exist.
  case notFound(String)
  /// Refused with `TodoError.forbidden`.
  case forbidden
  /// Refused with `TodoError.invalidImport`.
  case invalidImport

  func matches(_ error: TodoError) -> Bool {
    switch (self, error) {
    case (.notFound(let wanted), .notFound(let entity, _)): wanted == entity
    case (.forbidden, .forbidden), (.invalidImport, .invalidImport): true
    default: false
    }
  }
}

/// Everything an access check protects, read through the unscoped service: a refused call
/// must leave it as it was.
struct StoreContents: Equatable {
  var lists: [TodoList]
  var todos: [Todo]
  var shares: Set<ListShare>
}

/// Four accounts on a temporary store and the lists of the first one, Alice:
///
/// - her Inbox (the installation's), with nothing in it;
/// - Groceries, shared with Bob as editor and Carol as viewer: Milk, and Eggs in the trash;
/// - Diary, shared with nobody: Secret, and Burned in the trash;
/// - Old, shared like Groceries and then trashed: Old note.
///
/// Dave is a stranger with one todo in his own Inbox.
struct AccessWorld {
  let admin: TodoService
  let alice: Account
  let bob: Account
  let carol: Account
  let dave: Account
  let groceries: TodoList
  let diary: TodoList
  let old: TodoList
  let milk: Todo
  let eggs: Todo
  let secret: Todo
  let burned: Todo
  let oldNote: Todo
  let davesTodo: Todo

  /// Runs `body` with a new world on a new temporary store, then closes and deletes it.
  static func with(_ body: (AccessWorld) async throws -> Void) async throws {
    try await TemporaryStore.with { admin, _ in
      let alice = try await admin.createAccount(named: "alice", passwordHash: "hash-alice")
      let bob = try await admin.createAccount(named: "bob", passwordHash: "hash-bob")
      let carol = try await admin.createAccount(named: "carol", passwordHash: "hash-carol")
      let dave = try await admin.createAccount(named: "dave", passwordHash: "hash-dave")
      let asAlice = admin.acting(as: Principal(alice))

      let groceries = try await asAlice.createList(named: "Groceries")
      let milk = try await asAlice.createTodo(NewTodo(title: "Milk", listID: groceries.id))
      var eggs = try await asAlice.createTodo(NewTodo(title: "Eggs", listID: groceries.id))
      eggs = try await asAlice.trashTodo(id: eggs.id)
      try await asAlice.share(list: groceries.id, with: "bob", as: .editor)
      try await asAlice.share(list: groceries.id, with: "carol", as: .viewer)

      let diary = try await asAlice.createList(named: "Diary")
      let secret = try await asAlice.createTodo(NewTodo(title: "Secret", listID: diary.id))
      var burned = try await asAlice.createTodo(NewTodo(title: "Burned", listID: diary.id))
      burned = try await asAlice.trashTodo(id: burned.id)

      var old = try await asAlice.createList(named: "Old")
      let oldNote = try await asAlice.createTodo(NewTodo(title: "Old note", listID: old.id))
      try await asAlice.share(list: old.id, with: "bob", as: .editor)
      try await asAlice.share(list: old.id, with: "carol", as: .viewer)
      old = try await asAlice.trashList(id: old.id)

      let davesTodo = try await admin.acting(as: Principal(dave))
        .createTodo(NewTodo(title: "Dave's"))
      try await body(
        AccessWorld(
          admin: admin, alice: alice, bob: bob, carol: carol, dave: dave, groceries: groceries,
          diary: diary, old: old, milk: milk, eggs: eggs, secret: secret, burned: burned,
          oldNote: oldNote, davesTodo: davesTodo))
    }
  }

  /// The service as `role` uses it.
  func service(_ role: Role) -> TodoService {
    switch role {
    case .owner: admin.acting(as: Principal(alice))
    case .editor: admin.acting(as: Principal(bob))
    case .viewer: admin.acting(as: Principal(carol))
    case .stranger: admin.acting(as: Principal(dave))
    case .readOnly: admin.acting(as: Principal(alice, mayWrite: false))
    }
  }

  /// The account behind `role`.
  func account(_ role: Role) -> Account {
    switch role {
    case .owner, .readOnly: alice
    case .editor: bob
    case .viewer: carol
    case .stranger: dave
    }
  }

  /// Every list, todo and share, trashed ones included.
  func contents() async throws -> StoreContents {
    let document = try await admin.export()
    let shares = try await admin.read { tx in try tx.fetch(FetchRequest<ListShare>()) }
    return StoreContents(lists: document.lists, todos: document.todos, shares: Set(shares))
  }

  /// The live todo or list as stored now, read without a principal.
  func stored(_ todo: Todo) async throws -> Todo? {
    try await admin.read { tx in try tx.object(Todo.self, id: todo.id) }
  }

  func stored(_ list: TodoList) async throws -> TodoList? {
    try await admin.read { tx in try tx.object(TodoList.self, id: list.id) }
  }

  /// Runs `operation` as `role` and checks that it does what `expected` says for that role:
  /// runs (the operation then checks its effect itself), or is refused with exactly that
  /// error and leaves every list, todo and share as it was.
  ///
  /// An `operation` whose only `try` is inside `#expect` says `throws in`: Swift infers a
  /// closure's throwing from its own statements, not from the macro's expansion.
  func attempt(
    _ role: Role, _ expected: [Role: Outcome], sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: (TodoService) async throws -> Void
  ) async throws {
    let outcome = try #require(expected[role], sourceLocation: sourceLocation)
    let before = try await contents()
    do {
      try await operation(service(role))
      #expect(
        outcome == .allowed, "\(role) was allowed; expected \(outcome)",
        sourceLocation: sourceLocation)
    } catch let error as TodoError {
      #expect(
        outcome.matches(error), "\(role) got \(error); expected \(outcome)",
        sourceLocation: sourceLocation)
      #expect(
        try await contents() == before, "a refused call changed the store",
        sourceLocation: sourceLocation)
    }
  }
}

extension Outcome {
  /// A read of a list or todo: every member and the read-only token; the stranger finds
  /// nothing.
  static func read(_ entity: String) -> [Role: Outcome] {
    [
      .owner: .allowed, .editor: .allowed, .viewer: .allowed, .readOnly: .allowed,
      .stranger: .notFound(entity),
    ]
  }

  /// A change of a shared list's todos: the owner and the editor; the viewer and the
  /// read-only token are forbidden; the stranger finds nothing.
  static func edit(_ entity: String) -> [Role: Outcome] {
    [
      .owner: .allowed, .editor: .allowed, .viewer: .forbidden, .readOnly: .forbidden,
      .stranger: .notFound(entity),
    ]
  }

  /// A change of the list itself: only the owner.
  static func own(_ entity: String) -> [Role: Outcome] {
    [
      .owner: .allowed, .editor: .forbidden, .viewer: .forbidden, .readOnly: .forbidden,
      .stranger: .notFound(entity),
    ]
  }
}

/// The first value of `service`'s observation of `listID` that satisfies `condition`
/// (``firstValue(of:where:)``).
func observed(
  _ service: TodoService, _ listID: UUID,
  sourceLocation: SourceLocation = #_sourceLocation,
  when condition: @escaping @Sendable (ListObservation) -> Bool = { _ in true }
) async throws -> ListObservation {
  let found = try await firstValue(of: service.observe(list: listID), where: condition)
  return try #require(
    found, "the observation of \(listID) never satisfied the condition",
    sourceLocation: sourceLocation)
}

import Foundation
import Persistence
import PersistenceTestSupport
import Synchronization

@testable import TodoCore

/// A todo store in a fresh temporary directory (or, when the run is on PostgreSQL, a new
/// database: `TestStoreLocation`), removed by `remove()`.
struct TemporaryStore {
  let directory: URL
  let location: StoreLocation

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("todo-core-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    location = try TestStoreLocation.newStore(in: directory, name: "todo.sqlite")
  }

  /// Deletes the store.
  func remove() {
    TestStoreLocation.remove(location)
    try? FileManager.default.removeItem(at: directory)
  }

  /// Opens a service on the store with a clock that advances one second per reading.
  func open(clock: StepClock = StepClock()) async throws -> TodoService {
    try await TodoService.open(location, now: { clock.next() })
  }

  /// Runs `body` with a service on a new temporary store, then closes and deletes it.
  static func with<T>(_ body: (TodoService, StepClock) async throws -> T) async throws -> T {
    let store = try TemporaryStore()
    defer { store.remove() }
    let clock = StepClock()
    let service = try await store.open(clock: clock)
    defer { try? service.close() }
    return try await body(service, clock)
  }
}

/// A clock for tests: each reading is one second after the previous one.
final class StepClock: Sendable {
  private let seconds = Mutex<Double>(1_767_225_600)  // 2026-01-01T00:00:00Z

  func next() -> Date {
    seconds.withLock { value in
      value += 1
      return Date(timeIntervalSince1970: value)
    }
  }
}

extension TodoError {
  /// The field of a validation error, for assertions.
  var validationField: String? {
    if case .validation(let field, _) = self { return field }
    return nil
  }
}

/// The field a change `body` makes is refused on (`TodoError.validation`), or a description of
/// any other error; `nil` when it was taken.
func refusedField(_ body: () async throws -> Void) async -> String? {
  do {
    try await body()
    return nil
  } catch {
    return (error as? TodoError)?.validationField ?? "\(error)"
  }
}

extension TodoService {
  /// Two people with accounts on this server (an administrator's service), and a service
  /// acting as each: what every test of who sees what starts from.
  func twoPeople(_ first: String = "ann", _ second: String = "bob") async throws -> (
    first: Account, second: Account, asFirst: TodoService, asSecond: TodoService
  ) {
    let one = try await createAccount(named: first, passwordHash: "x")
    let other = try await createAccount(named: second, passwordHash: "x")
    return (one, other, acting(as: Principal(one)), acting(as: Principal(other)))
  }
}

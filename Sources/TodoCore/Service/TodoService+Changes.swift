import Foundation
import Persistence
import Synchronization

/// Counts committed changes to a todo store.
final class ChangeCounter: Sendable {
  private let value = Atomic<UInt64>(0)

  var current: UInt64 { value.load(ordering: .acquiring) }

  func increment() {
    value.add(1, ordering: .releasing)
  }
}

// MARK: - Change generation

extension TodoService {
  /// A number that changes after every committed change to the store: at once for writes
  /// made through this service, and within the store's polling interval for writes of other
  /// processes once ``watchChanges()`` runs.
  ///
  /// Read it *before* reading data to cache; the cached data is valid while the generation
  /// is unchanged.
  public var changeGeneration: UInt64 { changes.current }

  /// Watches commits of every context and process on the store and advances
  /// ``changeGeneration`` for each, until the calling task is cancelled.
  ///
  /// The server runs it beside its routes so that its response caches notice the command
  /// line writing to the same database.
  public func watchChanges() async {
    let context = container.viewContext
    let changes = self.changes
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        do {
          for try await _ in context.observe(FetchRequest<Todo>()) { changes.increment() }
        } catch {}
      }
      group.addTask {
        do {
          for try await _ in context.observe(FetchRequest<TodoList>()) { changes.increment() }
        } catch {}
      }
    }
  }
}

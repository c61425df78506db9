import Foundation
import Persistence
import Synchronization
import Testing

@testable import TodoCore

/// `TodoService.pruneHistory(keeping:)`: change records and calendar tombstones older than the
/// retention go; a sync token from before then is refused, one from after it still works.
@Suite("history retention")
struct HistoryRetentionTests {
  /// A clock the test moves.
  final class Clock: Sendable {
    private let moment = Mutex(Date(timeIntervalSince1970: 1_767_225_600))
    func now() -> Date { moment.withLock { $0 } }
    func advance(days: Double) { moment.withLock { $0 += days * 86_400 } }
  }

  static let inbox = TodoList.inboxID
  static let retention = Duration.seconds(90 * 86_400)

  @Test("records and tombstones older than the retention go, and old tokens with them")
  func prunes() async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let clock = Clock()
    let service = try await TodoService.open(store.location, now: { clock.now() })
    defer { try? service.close() }
    let other = try await service.createList(named: "Work")
    let moved = try await service.createTodo(NewTodo(title: "moved away"))
    let kept = try await service.createTodo(NewTodo(title: "kept"))
    let old = try await service.calendarChanges(in: Self.inbox, after: nil).token
    _ = try await service.updateTodo(id: moved.id, TodoPatch(listID: other.id))
    // The first pruning finds nothing old enough, and marks where the history stands.
    #expect(try await service.pruneHistory(keeping: Self.retention).changeRecords == 0)

    clock.advance(days: 30)
    let recent = try await service.calendarChanges(in: Self.inbox, after: nil).token
    _ = try await service.updateTodo(id: kept.id, TodoPatch(title: "kept, renamed"))

    clock.advance(days: 61)
    let pruning = try await service.pruneHistory(keeping: Self.retention)
    #expect(pruning.changeRecords > 0)
    #expect(pruning.tombstones == 1)
    // A token older than the retention: sync in full.
    await #expect(throws: CalendarError.invalidSyncToken) {
      try await service.calendarChanges(in: Self.inbox, after: old)
    }
    // A newer one still gets what changed since.
    let since = try await service.calendarChanges(in: Self.inbox, after: recent)
    #expect(since.changed.map(\.todo.title) == ["kept, renamed"])
    // The full sync a client falls back to has everything that exists, once.
    let full = try await service.calendarChanges(in: Self.inbox, after: nil)
    #expect(full.changed.map(\.todo.title) == ["kept, renamed"])
    let tombstones = try await service.container.read {
      try $0.count(FetchRequest<CalendarTombstone>())
    }
    #expect(tombstones == 0)
  }
}

import Foundation
import TodoCore

/// What the server's `sync-collection` costs without HTTP and XML: the same one-change rounds
/// against a `TodoService` of this process on the server's database (another writer of the
/// file, as a second server would be), timing `calendarChanges(in:after:)` (the read
/// transaction: the list, the change records, the changed todos and their calendar data) and
/// then the `VCALENDAR` text of the one changed todo (what `calendar-data` holds).
enum SyncInProcess {
  struct Result: Sendable {
    var changes = SyncRounds.Samples(resources: 1)
    var text = SyncRounds.Samples(resources: 1)
  }

  static func measure(
    database: URL, listID: UUID, ids: [UUID], firstRound: Int, warmUp: Int, rounds: Int
  ) async throws -> Result {
    let service = try await TodoService.open(.file(database))
    defer { try? service.close() }
    var token = try await service.calendarCollection(id: listID).token
    var result = Result()
    let clock = ContinuousClock()
    for round in firstRound..<(firstRound + warmUp + rounds) {
      let id = SyncRounds.changed(round, of: ids)
      let title = SyncRounds.title(round)
      _ = try await service.updateTodo(id: id, TodoPatch(title: title))
      let start = clock.now
      let changes = try await service.calendarChanges(in: listID, after: token)
      let read = (clock.now - start).milliseconds
      guard changes.changed.count == 1, let resource = changes.changed.first,
        resource.todo.id == id, changes.removed.isEmpty, changes.token > token
      else {
        throw BenchError(
          "calendarChanges after one change answered \(changes.changed.count) changed, "
            + "\(changes.removed.count) removed, token \(changes.token) after \(token)")
      }
      let textStart = clock.now
      let text = resource.text
      let written = (clock.now - textStart).milliseconds
      guard text.contains("SUMMARY:\(title)\r\n") else {
        throw BenchError("the changed todo's calendar data has no SUMMARY:\(title)")
      }
      token = changes.token
      if round >= firstRound + warmUp {
        result.changes.milliseconds.append(read)
        result.text.milliseconds.append(written)
        result.text.bodyBytes = text.utf8.count
      }
    }
    return result
  }
}

import Foundation
import TodoCore

/// Search (`GET /api/v1/search`), filters (`GET /api/v1/todos?filter=`), the trash
/// (`/api/v1/trash`, one item deleted for good under it; restoring is done on the object) and
/// transfer (`GET /api/v1/export`, `POST /api/v1/import`: one versioned JSON
/// document, validated whole and written in one transaction).
extension TodoAPI {
  /// Live todos whose title or notes contain `q` (ignoring case), with any of the
  /// comma-separated `status` values, a deadline day from `from` to `to` (inclusive), in
  /// list `list`.
  func searchTodos(_ input: Operations.SearchTodos.Input) async throws
    -> Operations.SearchTodos.Output
  {
    let query = input.query
    var search = TodoSearch(text: query.q ?? "")
    if let statuses = query.status, !statuses.isEmpty {
      search.statuses = Set(
        try statuses.split(separator: ",").map { try TodoStatus(parsing: String($0)) })
    }
    search.deadlineFrom = try query.from.flatMap(nonEmpty).map(Deadline.init(parsing:))
    search.deadlineTo = try query.to.flatMap(nonEmpty).map(Deadline.init(parsing:))
    if let list = query.list?.value2.flatMap(nonEmpty) {
      guard let id = UUID(uuidString: list) else {
        throw TodoError.notFound(entity: "list", id: list)
      }
      search.listID = id
    }
    return .ok(.init(body: .json(try await service().search(search))))
  }

  /// The live todos a filter shows (``TodoQuery``), across the caller's lists.
  func filterTodos(_ input: Operations.FilterTodos.Input) async throws
    -> Operations.FilterTodos.Output
  {
    .ok(.init(body: .json(try await service().todos(filter: input.query.filter))))
  }

  func getTrash(_ input: Operations.GetTrash.Input) async throws -> Operations.GetTrash.Output {
    .ok(.init(body: .json(try await service().trash())))
  }

  func emptyTrash(_ input: Operations.EmptyTrash.Input) async throws
    -> Operations.EmptyTrash.Output
  {
    let deleted = try await service().emptyTrash()
    return .ok(
      .init(
        body: .json(.init(lists: deleted.lists, todos: deleted.todos))))
  }

  func deleteTrashedTodo(_ input: Operations.DeleteTrashedTodo.Input) async throws
    -> Operations.DeleteTrashedTodo.Output
  {
    let id = try identifier(input.path.todoID, of: "todo in the trash")
    try await service().deleteTrashedTodo(id: id)
    return .noContent(.init())
  }

  func deleteTrashedList(_ input: Operations.DeleteTrashedList.Input) async throws
    -> Operations.DeleteTrashedList.Output
  {
    let id = try identifier(input.path.listID, of: "list in the trash")
    try await service().deleteTrashedList(id: id)
    return .noContent(.init())
  }

  func exportAll(_ input: Operations.ExportAll.Input) async throws
    -> Operations.ExportAll.Output
  {
    .ok(.init(body: .json(try await service().export())))
  }

  /// Timestamps are read strictly (``TimestampTranscoder``).
  func importAll(_ input: Operations.ImportAll.Input) async throws
    -> Operations.ImportAll.Output
  {
    let document =
      switch input.body {
      case .json(let document): document
      }
    let written = try await service().importDocument(document)
    return .ok(
      .init(
        body: .json(.init(lists: written.lists, todos: written.todos))))
  }

  private func nonEmpty(_ text: String) -> String? {
    text.isEmpty ? nil : text
  }
}

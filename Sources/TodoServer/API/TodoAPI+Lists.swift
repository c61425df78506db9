import Foundation
import TodoCore

/// `/api/v1/lists`: lists (create, read, rename, reorder, trash, restore) and the todos in a
/// list (read, create).
extension TodoAPI {
  func listLists(_ input: Operations.ListLists.Input) async throws
    -> Operations.ListLists.Output
  {
    .ok(.init(body: .json(try await service().lists())))
  }

  func createList(_ input: Operations.CreateList.Input) async throws
    -> Operations.CreateList.Output
  {
    let body =
      switch input.body {
      case .json(let body): body
      }
    let list = try await service().createList(named: body.name)
    let location = state.origins.url("/api/v1/lists/\(list.id.uuidString)")
    return .created(.init(headers: .init(location: location), body: .json(list)))
  }

  func getList(_ input: Operations.GetList.Input) async throws -> Operations.GetList.Output {
    let id = try identifier(input.path.listID, of: "list")
    return .ok(.init(body: .json(try await service().list(id: id))))
  }

  func renameList(_ input: Operations.RenameList.Input) async throws
    -> Operations.RenameList.Output
  {
    let id = try identifier(input.path.listID, of: "list")
    let body =
      switch input.body {
      case .json(let body): body
      }
    let list = try await service().renameList(id: id, to: body.name)
    return .ok(.init(body: .json(list)))
  }

  func trashList(_ input: Operations.TrashList.Input) async throws
    -> Operations.TrashList.Output
  {
    let id = try identifier(input.path.listID, of: "list")
    return .ok(
      .init(body: .json(try await service().trashList(id: id))))
  }

  func moveList(_ input: Operations.MoveList.Input) async throws -> Operations.MoveList.Output {
    let id = try identifier(input.path.listID, of: "list")
    let body =
      switch input.body {
      case .json(let body): body
      }
    let list = try await service().moveList(id: id, to: try body.position())
    return .ok(.init(body: .json(list)))
  }

  func restoreList(_ input: Operations.RestoreList.Input) async throws
    -> Operations.RestoreList.Output
  {
    let id = try identifier(input.path.listID, of: "list")
    return .ok(
      .init(body: .json(try await service().restoreList(id: id))))
  }

  func listTodos(_ input: Operations.ListTodos.Input) async throws
    -> Operations.ListTodos.Output
  {
    let id = try identifier(input.path.listID, of: "list")
    let status = input.query.status.flatMap { TodoStatus(rawValue: $0.rawValue) }
    if let prepared = PreparedBody.current {
      // PreparedBodyMiddleware puts these bytes in place of the encoded empty array.
      prepared.set(try await service().todosJSON(inList: id, status: status))
      return .ok(.init(body: .json([])))
    }
    return .ok(.init(body: .json(try await service().todos(inList: id, status: status))))
  }

  func createTodo(_ input: Operations.CreateTodo.Input) async throws
    -> Operations.CreateTodo.Output
  {
    let id = try identifier(input.path.listID, of: "list")
    let body =
      switch input.body {
      case .json(let body): body
      }
    let todo = try await service().createTodo(try body.draft(in: id))
    return .created(
      .init(
        headers: .init(
          eTag: "\"\(todo.version)\"",
          location: state.origins.url("/api/v1/todos/\(todo.id.uuidString)")),
        body: .json(todo)))
  }
}

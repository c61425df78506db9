import Foundation
import TodoCore

/// `/api/v1/todos/{todoID}`: read, partial update, move, trash and restore one todo.
///
/// Changes accept the version the client read, as `If-Match` or a `version` field (the field
/// wins); a todo changed since answers 409 with its current version. Responses carry an
/// `ETag`.
extension TodoAPI {
  func getTodo(_ input: Operations.GetTodo.Input) async throws -> Operations.GetTodo.Output {
    let todo = try await service().todo(id: try identifier(input.path.todoID, of: "todo"))
    return .ok(.init(headers: .init(eTag: "\"\(todo.version)\""), body: .json(todo)))
  }

  func updateTodo(_ input: Operations.UpdateTodo.Input) async throws
    -> Operations.UpdateTodo.Output
  {
    let id = try identifier(input.path.todoID, of: "todo")
    let body =
      switch input.body {
      case .json(let body): body
      }
    let todo = try await service().updateTodo(
      id: id, body.patch,
      expectedVersion: try body.version ?? expectedVersion(ifMatch: input.headers.ifMatch))
    return .ok(.init(headers: .init(eTag: "\"\(todo.version)\""), body: .json(todo)))
  }

  func trashTodo(_ input: Operations.TrashTodo.Input) async throws
    -> Operations.TrashTodo.Output
  {
    let id = try identifier(input.path.todoID, of: "todo")
    let todo = try await service().trashTodo(
      id: id, expectedVersion: try expectedVersion(ifMatch: input.headers.ifMatch))
    return .ok(.init(headers: .init(eTag: "\"\(todo.version)\""), body: .json(todo)))
  }

  func moveTodo(_ input: Operations.MoveTodo.Input) async throws -> Operations.MoveTodo.Output {
    let id = try identifier(input.path.todoID, of: "todo")
    let body =
      switch input.body {
      case .json(let body): body
      }
    let todo = try await service().moveTodo(
      id: id, to: try body.position(),
      expectedVersion: try body.version ?? expectedVersion(ifMatch: input.headers.ifMatch))
    return .ok(.init(headers: .init(eTag: "\"\(todo.version)\""), body: .json(todo)))
  }

  func restoreTodo(_ input: Operations.RestoreTodo.Input) async throws
    -> Operations.RestoreTodo.Output
  {
    let todo = try await service().restoreTodo(id: try identifier(input.path.todoID, of: "todo"))
    return .ok(.init(headers: .init(eTag: "\"\(todo.version)\""), body: .json(todo)))
  }

  func skipOccurrence(_ input: Operations.SkipOccurrence.Input) async throws
    -> Operations.SkipOccurrence.Output
  {
    let todo = try await service().skipOccurrence(
      id: try identifier(input.path.todoID, of: "todo"),
      expectedVersion: try expectedVersion(ifMatch: input.headers.ifMatch))
    return .ok(.init(headers: .init(eTag: "\"\(todo.version)\""), body: .json(todo)))
  }

  func listCompletions(_ input: Operations.ListCompletions.Input) async throws
    -> Operations.ListCompletions.Output
  {
    let id = try identifier(input.path.todoID, of: "todo")
    return .ok(.init(body: .json(try await service().completions(of: id))))
  }
}

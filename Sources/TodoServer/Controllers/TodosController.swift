import Foundation
import Hummingbird
import TodoCore

/// `/api/v1/todos/{todoID}`: read, partial update, move, trash and restore one todo.
///
/// Changes accept the version the client read, as `If-Match` or a `version` field; a todo
/// changed since answers 409 with its current version. Responses carry an `ETag`.
struct TodosController<Context: RequestContext> {
  let state: ServerState

  func addRoutes(to group: RouterGroup<Context>) {
    group.get("{todoID}", use: show)
    group.patch("{todoID}", use: update)
    group.delete("{todoID}", use: trash)
    group.post("{todoID}/move", use: move)
    group.post("{todoID}/restore", use: restore)
    group.refuseOtherMethods(on: "{todoID}", allowing: [.get, .patch, .delete])
    group.refuseOtherMethods(on: "{todoID}/move", allowing: [.post])
    group.refuseOtherMethods(on: "{todoID}/restore", allowing: [.post])
  }

  @Sendable func show(_ request: Request, context: Context) async throws -> Response {
    let todo = try await state.requireService().todo(
      id: try context.identifier("todoID", of: "todo"))
    return try JSON.response(todo, headers: .etag(todo.version))
  }

  @Sendable func update(_ request: Request, context: Context) async throws -> Response {
    let id = try context.identifier("todoID", of: "todo")
    let body = try await JSON.decode(PatchTodoBody.self, from: request, context: context)
    let todo = try await state.requireService().updateTodo(
      id: id, body.patch, expectedVersion: try body.version ?? request.expectedVersion())
    return try JSON.response(todo, headers: .etag(todo.version))
  }

  @Sendable func trash(_ request: Request, context: Context) async throws -> Response {
    let id = try context.identifier("todoID", of: "todo")
    let todo = try await state.requireService().trashTodo(
      id: id, expectedVersion: try request.expectedVersion())
    return try JSON.response(todo, headers: .etag(todo.version))
  }

  @Sendable func move(_ request: Request, context: Context) async throws -> Response {
    let id = try context.identifier("todoID", of: "todo")
    let body = try await JSON.decode(MoveBody.self, from: request, context: context)
    let todo = try await state.requireService().moveTodo(
      id: id, to: try body.position(),
      expectedVersion: try body.version ?? request.expectedVersion())
    return try JSON.response(todo, headers: .etag(todo.version))
  }

  @Sendable func restore(_ request: Request, context: Context) async throws -> Response {
    let id = try context.identifier("todoID", of: "todo")
    let todo = try await state.requireService().restoreTodo(id: id)
    return try JSON.response(todo, headers: .etag(todo.version))
  }
}

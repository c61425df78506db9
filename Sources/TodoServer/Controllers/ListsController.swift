import Foundation
import Hummingbird
import TodoCore

/// `/api/v1/lists`: lists (create, read, rename, reorder, trash, restore) and the todos in a
/// list (read, create).
struct ListsController<Context: RequestContext> {
  let state: ServerState

  func addRoutes(to group: RouterGroup<Context>) {
    group.get(use: index)
    group.post(use: create)
    group.get("{listID}", use: show)
    group.patch("{listID}", use: rename)
    group.delete("{listID}", use: trash)
    group.post("{listID}/move", use: move)
    group.post("{listID}/restore", use: restore)
    group.get("{listID}/todos", use: todos)
    group.post("{listID}/todos", use: createTodo)
    group.refuseOtherMethods(allowing: [.get, .post])
    group.refuseOtherMethods(on: "{listID}", allowing: [.get, .patch, .delete])
    group.refuseOtherMethods(on: "{listID}/move", allowing: [.post])
    group.refuseOtherMethods(on: "{listID}/restore", allowing: [.post])
    group.refuseOtherMethods(on: "{listID}/todos", allowing: [.get, .post])
  }

  @Sendable func index(_ request: Request, context: Context) async throws -> Response {
    try JSON.response(try await state.requireService().lists())
  }

  @Sendable func create(_ request: Request, context: Context) async throws -> Response {
    let body = try await JSON.decode(ListNameBody.self, from: request, context: context)
    let list = try await state.requireService().createList(named: body.name)
    return try JSON.response(
      list, status: .created,
      headers: [.location: state.origins.url("/api/v1/lists/\(list.id.uuidString)")])
  }

  @Sendable func show(_ request: Request, context: Context) async throws -> Response {
    let id = try context.identifier("listID", of: "list")
    return try JSON.response(try await state.requireService().list(id: id))
  }

  @Sendable func rename(_ request: Request, context: Context) async throws -> Response {
    let id = try context.identifier("listID", of: "list")
    let body = try await JSON.decode(ListNameBody.self, from: request, context: context)
    return try JSON.response(try await state.requireService().renameList(id: id, to: body.name))
  }

  @Sendable func trash(_ request: Request, context: Context) async throws -> Response {
    let id = try context.identifier("listID", of: "list")
    return try JSON.response(try await state.requireService().trashList(id: id))
  }

  @Sendable func move(_ request: Request, context: Context) async throws -> Response {
    let id = try context.identifier("listID", of: "list")
    let body = try await JSON.decode(MoveBody.self, from: request, context: context)
    let list = try await state.requireService().moveList(id: id, to: try body.position())
    return try JSON.response(list)
  }

  @Sendable func restore(_ request: Request, context: Context) async throws -> Response {
    let id = try context.identifier("listID", of: "list")
    return try JSON.response(try await state.requireService().restoreList(id: id))
  }

  /// The list's todos, read in one read transaction.
  @Sendable func todos(_ request: Request, context: Context) async throws -> Response {
    let id = try context.identifier("listID", of: "list")
    let status = try request.query("status").map(TodoStatus.init(parsing:))
    let service = try state.requireService()
    return try JSON.response(try await service.todos(inList: id, status: status))
  }

  @Sendable func createTodo(_ request: Request, context: Context) async throws -> Response {
    let id = try context.identifier("listID", of: "list")
    let body = try await JSON.decode(CreateTodoBody.self, from: request, context: context)
    let todo = try await state.requireService().createTodo(try body.draft(in: id))
    var headers = HTTPFields.etag(todo.version)
    headers[.location] = state.origins.url("/api/v1/todos/\(todo.id.uuidString)")
    return try JSON.response(todo, status: .created, headers: headers)
  }
}

import Foundation
import Hummingbird
import TodoCore

/// `/todos`: the Todo-Backend API (todobackend.com), on the Inbox.
///
/// Todos have `title`, `completed`, `order` and an absolute `url`; `GET`, `POST` and `DELETE`
/// on the root, `GET`, `PATCH` and `DELETE` on each `url`. `DELETE /todos` moves every todo of
/// the Inbox to the trash. CORS for any origin comes from
/// ``OriginMiddleware`` when the server runs with `--todo-backend-cors`.
struct TodoBackendController<Context: RequestContext> {
  let state: ServerState

  func addRoutes(to group: RouterGroup<Context>) {
    group.get(use: index)
    group.post(use: create)
    group.delete(use: clear)
    group.get("{todoID}", use: show)
    group.patch("{todoID}", use: update)
    group.delete("{todoID}", use: delete)
    group.refuseOtherMethods(allowing: [.get, .post, .delete])
    group.refuseOtherMethods(on: "{todoID}", allowing: [.get, .patch, .delete])
  }

  @Sendable func index(_ request: Request, context: Context) async throws -> Response {
    let todos = try await state.requireService().todos(inList: TodoList.inboxID)
    let base = baseURL(of: request)
    return try JSON.response(
      todos.enumerated().map { BackendTodo($1, position: $0 + 1, base: base) })
  }

  @Sendable func create(_ request: Request, context: Context) async throws -> Response {
    let body = try await JSON.decode(BackendTodoBody.self, from: request, context: context)
    let service = try state.requireService()
    let todo = try await service.createTodo(
      NewTodo(
        title: body.title ?? "", status: body.completed == true ? .done : .notStarted,
        externalOrder: body.order))
    let position = try await service.todos(inList: TodoList.inboxID).count
    let resource = BackendTodo(todo, position: position, base: baseURL(of: request))
    return try JSON.response(resource, status: .created, headers: [.location: resource.url])
  }

  @Sendable func clear(_ request: Request, context: Context) async throws -> Response {
    try await state.requireService().trashTodos(inList: TodoList.inboxID)
    return Response(status: .noContent)
  }

  @Sendable func show(_ request: Request, context: Context) async throws -> Response {
    let (todo, position) = try await inboxTodo(context)
    return try JSON.response(BackendTodo(todo, position: position, base: baseURL(of: request)))
  }

  @Sendable func update(_ request: Request, context: Context) async throws -> Response {
    let (current, position) = try await inboxTodo(context)
    let body = try await JSON.decode(BackendTodoBody.self, from: request, context: context)
    var patch = TodoPatch(title: body.title, externalOrder: body.order)
    if let completed = body.completed {
      if completed {
        patch.status = .done
      } else if current.status == .done {
        patch.status = .notStarted
      }
    }
    let todo = try await state.requireService().updateTodo(id: current.id, patch)
    return try JSON.response(BackendTodo(todo, position: position, base: baseURL(of: request)))
  }

  @Sendable func delete(_ request: Request, context: Context) async throws -> Response {
    let (todo, _) = try await inboxTodo(context)
    try await state.requireService().trashTodo(id: todo.id)
    return Response(status: .noContent)
  }

  // MARK: - Helpers

  /// The live Inbox todo named by the path, with its 1-based position.
  private func inboxTodo(_ context: Context) async throws -> (Todo, Int) {
    let id = try context.identifier("todoID", of: "todo")
    let todos = try await state.requireService().todos(inList: TodoList.inboxID)
    guard let index = todos.firstIndex(where: { $0.id == id }) else {
      throw TodoError.notFound(entity: "todo", id: id.uuidString)
    }
    return (todos[index], index + 1)
  }

  /// The server's preferred origin (``ServerOrigins/preferred``): absolute URLs come from the
  /// configuration, never from the request's `Host`.
  func baseURL(of request: Request) -> String {
    state.origins.preferred.description
  }
}

/// A todo as Todo-Backend clients see it.
struct BackendTodo: Codable {
  var id: UUID
  var title: String
  var completed: Bool
  var order: Int
  var url: String

  init(_ todo: Todo, position: Int, base: String) {
    id = todo.id
    title = todo.title
    completed = todo.status == .done
    order = todo.externalOrder ?? position
    url = "\(base)/todos/\(todo.id.uuidString)"
  }
}

/// The body of Todo-Backend's `POST` and `PATCH`: any of `title`, `completed`, `order`.
struct BackendTodoBody: Decodable {
  var title: String?
  var completed: Bool?
  var order: Int?
}

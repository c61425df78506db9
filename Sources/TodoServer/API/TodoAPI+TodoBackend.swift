import Foundation
import TodoCore

/// `/todos`: the Todo-Backend API (todobackend.com), on the Inbox.
///
/// Todos have `title`, `completed`, `order` and an absolute `url` on the server's preferred
/// origin (``ServerOrigins/preferred``, never the request's `Host`); `GET`, `POST` and
/// `DELETE` on the root, `GET`, `PATCH` and `DELETE` on each `url`. `DELETE /todos` moves
/// every todo of the Inbox to the trash. CORS for any origin comes from ``OriginMiddleware``
/// when the server runs with `--todo-backend-cors`.
extension TodoAPI {
  /// The list `/todos` serves: the signed-in account's Inbox, or the installation's.
  func backendListID(_ service: TodoService) async throws -> UUID {
    try await service.resolvedPrincipal()?.inboxID ?? TodoList.inboxID
  }

  func backendList(_ input: Operations.BackendList.Input) async throws
    -> Operations.BackendList.Output
  {
    let service = try service()
    let todos = try await service.todos(inList: try await backendListID(service))
    let resources = todos.map(backendTodo)
    return .ok(.init(body: .json(resources)))
  }

  func backendCreate(_ input: Operations.BackendCreate.Input) async throws
    -> Operations.BackendCreate.Output
  {
    let body =
      switch input.body {
      case .json(let body): body
      }
    let service = try service()
    let todo = try await service.createTodo(
      NewTodo(
        title: body.title ?? "", status: body.completed == true ? .done : .notStarted,
        externalOrder: body.order))
    let resource = backendTodo(todo)
    return .created(
      .init(headers: .init(location: resource.url), body: .json(resource)))
  }

  func backendClear(_ input: Operations.BackendClear.Input) async throws
    -> Operations.BackendClear.Output
  {
    let service = try service()
    try await service.trashTodos(inList: try await backendListID(service))
    return .noContent(.init())
  }

  func backendGet(_ input: Operations.BackendGet.Input) async throws
    -> Operations.BackendGet.Output
  {
    let todo = try await inboxTodo(input.path.todoID)
    return .ok(.init(body: .json(backendTodo(todo))))
  }

  func backendUpdate(_ input: Operations.BackendUpdate.Input) async throws
    -> Operations.BackendUpdate.Output
  {
    let current = try await inboxTodo(input.path.todoID)
    let body =
      switch input.body {
      case .json(let body): body
      }
    var patch = TodoPatch(title: body.title, externalOrder: body.order.map { .some($0) })
    if let completed = body.completed {
      if completed {
        patch.status = .done
      } else if current.status == .done {
        patch.status = .notStarted
      }
    }
    let todo = try await service().updateTodo(id: current.id, patch)
    return .ok(.init(body: .json(backendTodo(todo))))
  }

  func backendDelete(_ input: Operations.BackendDelete.Input) async throws
    -> Operations.BackendDelete.Output
  {
    let todo = try await inboxTodo(input.path.todoID)
    try await service().trashTodo(id: todo.id)
    return .noContent(.init())
  }

  // MARK: - Helpers

  /// The live Inbox todo named by the path (one read by identifier, never the whole Inbox).
  private func inboxTodo(_ text: String) async throws -> Todo {
    let id = try identifier(text, of: "todo")
    let service = try service()
    let todo = try await service.todo(id: id)
    guard todo.listID == (try await backendListID(service)) else {
      throw TodoError.notFound(entity: "todo", id: id.uuidString)
    }
    return todo
  }

  /// A todo as Todo-Backend clients see it: `order` is the one the client gave, if any.
  private func backendTodo(_ todo: Todo) -> Components.Schemas.BackendTodo {
    Components.Schemas.BackendTodo(
      id: todo.id.uuidString, title: todo.title, completed: todo.status == .done,
      order: todo.externalOrder,
      url: "\(state.origins.preferred.description)/todos/\(todo.id.uuidString)")
  }
}

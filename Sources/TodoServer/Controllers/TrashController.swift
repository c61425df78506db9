import Hummingbird
import TodoCore

/// `/api/v1/trash`: what is in the trash, and emptying it for good. Restoring is done on the
/// object (`POST /api/v1/todos/{todoID}/restore`, `POST /api/v1/lists/{listID}/restore`).
struct TrashController<Context: RequestContext> {
  let state: ServerState

  func addRoutes(to group: RouterGroup<Context>) {
    group.get(use: index)
    group.delete(use: empty)
    group.refuseOtherMethods(allowing: [.get, .delete])
  }

  @Sendable func index(_ request: Request, context: Context) async throws -> Response {
    try JSON.response(try await state.requireService().trash())
  }

  @Sendable func empty(_ request: Request, context: Context) async throws -> Response {
    let deleted = try await state.requireService().emptyTrash()
    return try JSON.response(Counts(lists: deleted.lists, todos: deleted.todos))
  }
}

/// How many lists and todos an operation deleted or imported.
struct Counts: Codable {
  var lists: Int
  var todos: Int
}

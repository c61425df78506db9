import Foundation
import Hummingbird
import TodoCore

/// `GET /api/v1/search?q=&status=&from=&to=&list=`: live todos whose title or notes contain
/// `q` (ignoring case), with any of the comma-separated `status` values, a deadline day from
/// `from` to `to` (inclusive, `yyyy-MM-dd`), in list `list`.
struct SearchController<Context: RequestContext> {
  let state: ServerState

  func addRoutes(to group: RouterGroup<Context>) {
    group.get(use: search)
    group.refuseOtherMethods(allowing: [.get])
  }

  @Sendable func search(_ request: Request, context: Context) async throws -> Response {
    var search = TodoSearch(text: request.query("q") ?? "")
    if let statuses = request.query("status") {
      search.statuses = Set(
        try statuses.split(separator: ",").map { try TodoStatus(parsing: String($0)) })
    }
    search.deadlineFrom = try request.query("from").map(Deadline.init(parsing:))
    search.deadlineTo = try request.query("to").map(Deadline.init(parsing:))
    if let list = request.query("list") {
      guard let id = UUID(uuidString: list) else {
        throw TodoError.notFound(entity: "list", id: list)
      }
      search.listID = id
    }
    return try JSON.response(try await state.requireService().search(search))
  }
}

import Foundation
import Hummingbird
import TodoCore

/// `GET /api/v1/export` (everything as one versioned JSON document) and `POST /api/v1/import`
/// (that document back: validated whole, then written in one transaction).
struct TransferController<Context: RequestContext> {
  let state: ServerState

  func addRoutes(to group: RouterGroup<Context>) {
    group.get("export", use: export)
    group.post("import", use: importDocument)
    group.refuseOtherMethods(on: "export", allowing: [.get])
    group.refuseOtherMethods(on: "import", allowing: [.post])
  }

  @Sendable func export(_ request: Request, context: Context) async throws -> Response {
    try JSON.response(try await state.requireService().export())
  }

  @Sendable func importDocument(_ request: Request, context: Context) async throws -> Response {
    // Timestamps are read strictly (see ``ImportTimestamps``).
    let document = try await JSON.decode(
      ExportDocument.self, from: request, context: context, decoder: ImportTimestamps.decoder)
    let written = try await state.requireService().importDocument(document)
    return try JSON.response(Counts(lists: written.lists, todos: written.todos))
  }
}

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
    let buffer = try await request.body.collect(upTo: context.maxUploadSize)
    guard buffer.readableBytes > 0 else {
      throw Problem.malformedJSON("the request has no body; send a JSON object")
    }
    let contentType = request.headers[.contentType]
    guard let contentType, ContentTypeMiddleware<TodoRequestContext>.isJSON(contentType) else {
      throw Problem.unsupportedMediaType(contentType)
    }
    // Like `JSON.decode`, with timestamps read strictly (see ``ImportTimestamps``).
    let document = try ImportTimestamps.decoder.decode(
      ExportDocument.self, from: Data(buffer.readableBytesView))
    let written = try await state.requireService().importDocument(document)
    return try JSON.response(Counts(lists: written.lists, todos: written.todos))
  }
}

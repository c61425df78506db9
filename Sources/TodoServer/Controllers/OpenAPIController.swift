import Foundation
import Hummingbird

/// `GET /api/v1/openapi.json`: the OpenAPI 3.1 document of the whole API, the file
/// `Resources/openapi.json` of this module (its one source of truth).
struct OpenAPIController<Context: RequestContext> {
  func addRoutes(to group: RouterGroup<Context>) {
    group.get("openapi.json", use: document)
    group.refuseOtherMethods(on: "openapi.json", allowing: [.get])
  }

  @Sendable func document(_ request: Request, context: Context) async throws -> Response {
    guard let data = OpenAPIDocument.data else {
      throw Problem(.internalServerError, detail: "the OpenAPI document is missing")
    }
    return Response(
      status: .ok, headers: [.contentType: "application/json"],
      body: .init(byteBuffer: ByteBuffer(bytes: data)))
  }
}

/// The OpenAPI document shipped with the server.
public enum OpenAPIDocument {
  /// The document's bytes, read once from the module's resources.
  public static let data: Data? = {
    guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json") else {
      return nil
    }
    return try? Data(contentsOf: url)
  }()
}

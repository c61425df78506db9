import Hummingbird

/// `GET /healthz`: 200 `{"status":"ok"}` once the database is loaded and migrated, 503
/// before (and during shutdown).
struct HealthController<Context: RequestContext> {
  let state: ServerState

  func addRoutes(to router: Router<Context>) {
    router.get("healthz", use: health)
    router.refuseOtherMethods(on: "healthz", allowing: [.get])
  }

  @Sendable func health(_ request: Request, context: Context) async throws -> Response {
    guard state.service != nil else { throw Problem.unavailable }
    return try JSON.response(["status": "ok"])
  }
}

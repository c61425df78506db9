import HTTPTypes
import OpenAPIRuntime

/// The four security headers the document requires on every response, as the generated
/// response types take them. ``SecurityHeadersMiddleware`` sets the same values on every
/// response the router writes; these make the generated responses complete on their own.
struct ResponseSecurity: Sendable {
  /// `Content-Security-Policy`.
  var contentSecurityPolicy: String
  /// `X-Content-Type-Options: nosniff`.
  var contentTypeOptions: OpenAPIValueContainer
  /// `Referrer-Policy: no-referrer`.
  var referrerPolicy: OpenAPIValueContainer
  /// `Cross-Origin-Opener-Policy: same-origin`.
  var openerPolicy: OpenAPIValueContainer

  /// The values of `fields` (``ServerOrigins/securityHeaders``).
  init(_ fields: HTTPFields) {
    contentSecurityPolicy = fields[.contentSecurityPolicy] ?? ""
    contentTypeOptions = OpenAPIValueContainer(stringLiteral: fields[.xContentTypeOptions] ?? "")
    referrerPolicy = OpenAPIValueContainer(stringLiteral: fields[.referrerPolicy] ?? "")
    openerPolicy = OpenAPIValueContainer(stringLiteral: fields[.crossOriginOpenerPolicy] ?? "")
  }
}

/// The generated headers of a response that carries only the security headers.
protocol SecuredHeaders {
  init(
    contentSecurityPolicy: String, xContentTypeOptions: OpenAPIValueContainer,
    referrerPolicy: OpenAPIValueContainer, crossOriginOpenerPolicy: OpenAPIValueContainer)
}

extension SecuredHeaders {
  /// The headers with `security`'s values.
  init(_ security: ResponseSecurity) {
    self.init(
      contentSecurityPolicy: security.contentSecurityPolicy,
      xContentTypeOptions: security.contentTypeOptions, referrerPolicy: security.referrerPolicy,
      crossOriginOpenerPolicy: security.openerPolicy)
  }
}

/// The generated headers of a response that carries a todo's `ETag` too.
protocol SecuredETagHeaders {
  init(
    contentSecurityPolicy: String, xContentTypeOptions: OpenAPIValueContainer,
    referrerPolicy: OpenAPIValueContainer, crossOriginOpenerPolicy: OpenAPIValueContainer,
    eTag: String)
}

extension SecuredETagHeaders {
  /// The headers with `security`'s values and the `ETag` of a todo at `version`.
  init(_ security: ResponseSecurity, version: Int) {
    self.init(
      contentSecurityPolicy: security.contentSecurityPolicy,
      xContentTypeOptions: security.contentTypeOptions, referrerPolicy: security.referrerPolicy,
      crossOriginOpenerPolicy: security.openerPolicy, eTag: "\"\(version)\"")
  }
}

/// The generated headers of a `201 Created` that names the new resource in `Location`.
protocol SecuredLocationHeaders {
  init(
    contentSecurityPolicy: String, xContentTypeOptions: OpenAPIValueContainer,
    referrerPolicy: OpenAPIValueContainer, crossOriginOpenerPolicy: OpenAPIValueContainer,
    location: String)
}

extension SecuredLocationHeaders {
  /// The headers with `security`'s values and the new resource's absolute URL.
  init(_ security: ResponseSecurity, location: String) {
    self.init(
      contentSecurityPolicy: security.contentSecurityPolicy,
      xContentTypeOptions: security.contentTypeOptions, referrerPolicy: security.referrerPolicy,
      crossOriginOpenerPolicy: security.openerPolicy, location: location)
  }
}

extension Operations.Health.Output.Ok.Headers: SecuredHeaders {}
extension Operations.ListLists.Output.Ok.Headers: SecuredHeaders {}
extension Operations.GetList.Output.Ok.Headers: SecuredHeaders {}
extension Operations.RenameList.Output.Ok.Headers: SecuredHeaders {}
extension Operations.TrashList.Output.Ok.Headers: SecuredHeaders {}
extension Operations.MoveList.Output.Ok.Headers: SecuredHeaders {}
extension Operations.RestoreList.Output.Ok.Headers: SecuredHeaders {}
extension Operations.ListTodos.Output.Ok.Headers: SecuredHeaders {}
extension Operations.SearchTodos.Output.Ok.Headers: SecuredHeaders {}
extension Operations.GetTrash.Output.Ok.Headers: SecuredHeaders {}
extension Operations.EmptyTrash.Output.Ok.Headers: SecuredHeaders {}
extension Operations.ExportAll.Output.Ok.Headers: SecuredHeaders {}
extension Operations.ImportAll.Output.Ok.Headers: SecuredHeaders {}
extension Operations.BackendList.Output.Ok.Headers: SecuredHeaders {}
extension Operations.BackendClear.Output.NoContent.Headers: SecuredHeaders {}
extension Operations.BackendGet.Output.Ok.Headers: SecuredHeaders {}
extension Operations.BackendUpdate.Output.Ok.Headers: SecuredHeaders {}
extension Operations.BackendDelete.Output.NoContent.Headers: SecuredHeaders {}

extension Operations.GetTodo.Output.Ok.Headers: SecuredETagHeaders {}

extension Operations.CreateList.Output.Created.Headers: SecuredLocationHeaders {}
extension Operations.BackendCreate.Output.Created.Headers: SecuredLocationHeaders {}
extension Operations.UpdateTodo.Output.Ok.Headers: SecuredETagHeaders {}
extension Operations.TrashTodo.Output.Ok.Headers: SecuredETagHeaders {}
extension Operations.MoveTodo.Output.Ok.Headers: SecuredETagHeaders {}
extension Operations.RestoreTodo.Output.Ok.Headers: SecuredETagHeaders {}

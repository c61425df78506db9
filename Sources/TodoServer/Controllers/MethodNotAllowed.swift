import Hummingbird

/// The methods a route can be added for, in the order `Allow` lists them.
enum RoutedMethods {
  static let all: [HTTPRequest.Method] = [.get, .post, .put, .patch, .delete]
}

extension RouterMethods {
  /// Answers the methods of ``RoutedMethods`` that `path` has no route for with 405 Method
  /// Not Allowed and `Allow: <allowed>` (RFC 9110), instead of the router's 404: the path
  /// exists, only the method is wrong. ``RouteRecorder`` calls it for each path of the
  /// generated API, ``OpenAPIController`` for the document's.
  ///
  /// Methods the server implements for no path (`TRACE`, `CONNECT`, `QUERY`…) never reach
  /// the router: the connection guard answers them 501. `OPTIONS` is the origin check's.
  ///
  /// - Parameters:
  ///   - path: The path, relative to the group, as the routes were added.
  ///   - allowed: The methods the path's routes answer.
  @discardableResult
  func refuseOtherMethods(on path: RouterPath = "", allowing allowed: [HTTPRequest.Method])
    -> Self
  {
    let allow = RoutedMethods.all.filter(allowed.contains).map(\.rawValue)
      .joined(separator: ", ")
    for method in RoutedMethods.all where !allowed.contains(method) {
      on(path, method: method) { _, _ -> Response in
        var problem = Problem(
          .methodNotAllowed, type: "urn:todo:problem:method-not-allowed",
          title: "Method not allowed",
          detail: "\(method.rawValue) is not allowed here; use \(allow)")
        problem.headers[.allow] = allow
        throw problem
      }
    }
    return self
  }
}

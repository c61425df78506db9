import Foundation
import Hummingbird
import TodoCore

extension CalDAVController {
  /// `PROPFIND` (RFC 4918 9.1): the properties asked for (`prop`), all of them (`allprop`,
  /// or an empty body) or their names (`propname`), of the resource and, with `Depth: 1`,
  /// of its members. `Depth: infinity` is answered as 1: the tree is three levels deep.
  func propfind(
    _ path: DAVPath, request: Request, context: TodoRequestContext, service: TodoService
  ) async throws -> Response {
    let document = try await Self.document(of: request, context: context)
    if let document, document.name != .dav("propfind") {
      return Self.status(.badRequest, "a PROPFIND body is a DAV:propfind element")
    }
    let asked = document?.child(.dav("prop"))?.children.map(\.name)
    let namesOnly = document?.child(.dav("propname")) != nil
    let depth = request.headers[.depth]?.trimmingCharacters(in: .whitespaces).lowercased()
    let members = depth != "0"
    let user = Self.userName
    var targets: [(href: String, resource: DAVResource)] = []
    switch path {
    case .root:
      // Asked at the server's bare address (`/`), the answer names that address.
      targets.append((request.uri.path == "/" ? "/" : path.href, .root))
      if members { targets.append((DAVPath.principals.href, .principals)) }
    case .principals:
      targets.append((path.href, .principals))
      if members { targets.append((DAVPath.principal(user: user).href, .principal)) }
    case .principal:
      targets.append((path.href, .principal))
    case .home:
      targets.append((path.href, .home))
      if members {
        let (calendars, token) = try await service.calendarCollections()
        for calendar in calendars {
          targets.append(
            (
              DAVPath.calendar(user: user, segment: calendar.segment).href,
              .calendar(calendar, token: token)
            ))
        }
      }
    case .calendar(_, let segment):
      let id = try await Self.listID(segment, service)
      if members {
        let (calendar, resources, token) = try await service.calendarResources(in: id)
        targets.append((path.href, .calendar(calendar, token: token)))
        for resource in resources {
          targets.append(
            (
              DAVPath.resource(user: user, segment: segment, name: resource.name).href,
              .todo(resource, calendar: id)
            ))
        }
      } else {
        let (calendar, token) = try await service.calendarCollection(id: id)
        targets.append((path.href, .calendar(calendar, token: token)))
      }
    case .resource(_, let segment, let name):
      let id = try await Self.listID(segment, service)
      let resource = try await service.calendarResource(in: id, named: name)
      targets.append((path.href, .todo(resource, calendar: id)))
    }
    var multistatus = Multistatus()
    for (href, resource) in targets {
      if namesOnly {
        multistatus.add(
          href: href, found: resource.allProperties.map { DAVElement($0) }, missing: [])
        continue
      }
      multistatus.add(href: href, resource, names: asked ?? resource.allProperties, user: user)
    }
    return Self.multistatus(multistatus.finish())
  }

  static func multistatus(_ body: String) -> Response {
    Self.body(body, type: "application/xml; charset=utf-8", status: .multiStatus)
  }
}

extension HTTPResponse.Status {
  /// 207 Multi-Status (RFC 4918).
  static var multiStatus: Self { Self(code: 207, reasonPhrase: "Multi-Status") }
}

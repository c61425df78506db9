import Foundation
import OpenAPIRuntime
import TodoCore

/// `/api/v1/calendar.ics`: the todos as an iCalendar file, and iCalendar files imported.
extension TodoAPI {
  /// The largest calendar read: the request body limit.
  static let maximumCalendarSize = TodoRequestContext.maximumBodySize

  func exportCalendar(_ input: Operations.ExportCalendar.Input) async throws
    -> Operations.ExportCalendar.Output
  {
    let listID = try input.query.list.map { try identifier($0, of: "list") }
    let text = try await service().exportCalendar(list: listID)
    return .ok(.init(body: .textCalendar(HTTPBody(text))))
  }

  func importCalendar(_ input: Operations.ImportCalendar.Input) async throws
    -> Operations.ImportCalendar.Output
  {
    let listID = try input.query.list.map { try identifier($0, of: "list") }
    let body =
      switch input.body {
      case .textCalendar(let body): body
      }
    let data = try await Data(collecting: body, upTo: Self.maximumCalendarSize)
    guard let text = String(data: data, encoding: .utf8) else {
      throw Problem.badRequest("the calendar is not UTF-8 text", field: "body")
    }
    let result = try await service().importCalendar(text, into: listID)
    return .ok(.init(body: .json(result)))
  }
}

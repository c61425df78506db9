import Foundation
import OpenAPIRuntime
import TodoCore

/// `/api/v1/calendar.ics`: the todos as an iCalendar file, and iCalendar files imported;
/// `/api/v1/import/todoist`: a Todoist CSV export imported.
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

  func importTodoist(_ input: Operations.ImportTodoist.Input) async throws
    -> Operations.ImportTodoist.Output
  {
    let listID = try input.query.list.map { try identifier($0, of: "list") }
    let body =
      switch input.body {
      case .csv(let body): body
      }
    let data = try await Data(collecting: body, upTo: Self.maximumCalendarSize)
    guard let text = String(data: data, encoding: .utf8) else {
      throw Problem.badRequest("the file is not UTF-8 text", field: "body")
    }
    // Dates such as "tomorrow" are read in the server's time zone, as quick entry does.
    let result = try await service().importTodoist(
      text, into: listID, calendar: .autoupdatingCurrent)
    return .ok(.init(body: .json(result)))
  }
}

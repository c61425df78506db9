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
    let text =
      switch input.body {
      case .textCalendar(let body): try await Self.text(of: body)
      }
    let result = try await service().importCalendar(text, into: listID)
    return .ok(.init(body: .json(result)))
  }

  func importTodoist(_ input: Operations.ImportTodoist.Input) async throws
    -> Operations.ImportTodoist.Output
  {
    let listID = try input.query.list.map { try identifier($0, of: "list") }
    let text =
      switch input.body {
      case .csv(let body): try await Self.text(of: body)
      }
    // Dates such as "tomorrow" are read in the server's time zone, as quick entry does.
    let result = try await service().importTodoist(
      text, into: listID, calendar: .autoupdatingCurrent)
    return .ok(.init(body: .json(result)))
  }

  /// A file sent as the request body, as text.
  ///
  /// - Throws: a 400 problem for bytes that are not UTF-8.
  private static func text(of body: HTTPBody) async throws -> String {
    let data = try await Data(collecting: body, upTo: maximumCalendarSize)
    guard let text = String(data: data, encoding: .utf8) else {
      throw Problem.badRequest("the file is not UTF-8 text", field: "body")
    }
    return text
  }
}

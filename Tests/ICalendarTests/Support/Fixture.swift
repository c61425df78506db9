import Foundation
import ICalendar
import Testing

/// The iCalendar files under `Fixtures/`, written as the named clients write them.
enum Fixture: String, CaseIterable, CustomTestStringConvertible {
  case appleReminders = "apple-reminders"
  case thunderbird
  case tasksOrg = "tasks-org"
  case todoman
  case longLines = "long-lines"
  case sloppy

  /// The fixtures in canonical form (CRLF, folded at 75 octets): written back byte for byte.
  static let canonical: [Fixture] = [
    .appleReminders, .thunderbird, .tasksOrg, .todoman, .longLines,
  ]

  var testDescription: String { rawValue }

  /// The file's bytes.
  func bytes() throws -> [UInt8] {
    let url = try #require(
      Bundle.module.url(forResource: rawValue, withExtension: "ics", subdirectory: "Fixtures"))
    return Array(try Data(contentsOf: url))
  }

  /// The file's text.
  func text() throws -> String {
    String(decoding: try bytes(), as: UTF8.self)
  }

  /// The file's only calendar.
  func calendar() throws -> Component {
    let components = try Component.parse(text())
    #expect(components.count == 1)
    return try #require(components.first)
  }

  /// The calendar's only todo.
  func todo() throws -> TodoComponent {
    let todos = TodoComponent.todos(in: try calendar())
    #expect(todos.count == 1)
    return try #require(todos.first)
  }
}

extension DateOrDateTime {
  /// A DATE-TIME from its fields, for tests.
  static func make(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int, _ second: Int = 0,
    _ form: DateTimeForm
  ) throws -> DateOrDateTime {
    .dateTime(
      try #require(CalendarDate(year: year, month: month, day: day)),
      try #require(TimeOfDay(hour: hour, minute: minute, second: second)), form)
  }

  /// A DATE from its fields, for tests.
  static func make(_ year: Int, _ month: Int, _ day: Int) throws -> DateOrDateTime {
    .date(try #require(CalendarDate(year: year, month: month, day: day)))
  }
}

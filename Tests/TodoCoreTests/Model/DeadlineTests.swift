import Foundation
import Testing

@testable import TodoCore

@Suite("Deadline")
struct DeadlineTests {
  @Test(
    "parses dates and optional times into a normalised raw value",
    arguments: [
      ("2026-03-01", "2026-03-01"),
      (" 2026-03-01 ", "2026-03-01"),
      ("2026-03-01T09:30", "2026-03-01T09:30"),
      ("2026-03-01 09:30", "2026-03-01T09:30"),
      ("2026-03-01T09:30:59", "2026-03-01T09:30"),
      ("2024-02-29", "2024-02-29"),
      ("2000-02-29", "2000-02-29"),
    ])
  func parses(input: String, raw: String) throws {
    #expect(try Deadline(parsing: input).rawValue == raw)
  }

  @Test("pads every part of the raw value with zeros to its fixed width")
  func padsRawValue() throws {
    let early = try Deadline(year: 7, month: 1, day: 2, hour: 0, minute: 5)
    #expect(early.rawValue == "0007-01-02T00:05")
    #expect(Deadline(rawValue: early.rawValue) == early)
    let late = try Deadline(year: 9999, month: 12, day: 31, hour: 23, minute: 59)
    #expect(late.rawValue == "9999-12-31T23:59")
    #expect(try Deadline(year: 42, month: 10, day: 9).rawValue == "0042-10-09")
  }

  @Test(
    "rejects malformed and impossible dates with a validation error",
    arguments: [
      "", "tomorrow", "2026-3-1", "2026/03/01", "2026-13-01", "2026-00-10", "2026-02-29",
      "1900-02-29", "2026-04-31", "2026-03-01T24:00", "2026-03-01T09:60", "2026-03-01T9:30",
      "2026-03-01T", "2026-03-01T09:30:61", "２０２６-03-01",
    ])
  func rejects(input: String) {
    #expect {
      try Deadline(parsing: input)
    } throws: { error in
      guard case TodoError.validation(let field, let message)? = error as? TodoError else {
        return false
      }
      return field == "deadline" && !message.isEmpty
    }
  }

  @Test("displays as yyyy/MM/dd with an optional time")
  func displays() throws {
    #expect(try Deadline(parsing: "2026-03-01").displayText == "2026/03/01")
    #expect(try Deadline(parsing: "2026-03-01T07:05").displayText == "2026/03/01 07:05")
  }

  @Test("sorts by day, a date before the same day with a time")
  func sorts() throws {
    let values = try ["2026-03-02", "2026-03-01T10:00", "2026-03-01", "2025-12-31T23:59"]
      .map(Deadline.init(parsing:))
    #expect(
      values.sorted().map(\.rawValue) == [
        "2025-12-31T23:59", "2026-03-01", "2026-03-01T10:00", "2026-03-02",
      ])
  }

  @Test("is overdue from the next day, or from its minute when it has a time")
  func overdue() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let now = calendar.date(from: DateComponents(year: 2026, month: 3, day: 1, hour: 12))!
    #expect(try Deadline(parsing: "2026-02-28").isOverdue(at: now, in: calendar))
    #expect(try !Deadline(parsing: "2026-03-01").isOverdue(at: now, in: calendar))
    #expect(try Deadline(parsing: "2026-03-01T11:59").isOverdue(at: now, in: calendar))
    #expect(try !Deadline(parsing: "2026-03-01T12:01").isOverdue(at: now, in: calendar))
    #expect(try !Deadline(parsing: "2026-03-02").isOverdue(at: now, in: calendar))
  }

  @Test("reads relative to today in the page's time zone: Today, Tomorrow, a weekday, a date")
  func label() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Asia/Tokyo")!
    // Sunday 1 March 2026, 23:30 in Tokyo (14:30 UTC).
    let now = calendar.date(
      from: DateComponents(year: 2026, month: 3, day: 1, hour: 23, minute: 30))!
    func label(_ text: String) throws -> String {
      try Deadline(parsing: text).label(relativeTo: now, in: calendar)
    }
    #expect(try label("2026-03-01") == "Today")
    #expect(try label("2026-03-02T09:05") == "Tomorrow 09:05")
    #expect(try label("2026-02-28") == "Yesterday")
    #expect(try label("2026-03-03") == "Tuesday")
    #expect(try label("2026-03-07T18:00") == "Saturday 18:00")
    #expect(try label("2026-03-08") == "8 Mar")
    #expect(try label("2026-02-20") == "20 Feb")
    #expect(try label("2027-01-05") == "5 Jan 2027")
    #expect(try label("2025-12-31") == "31 Dec 2025")
    // The same instant is still Sunday in UTC: the page's time zone decides.
    calendar.timeZone = TimeZone(identifier: "America/Los_Angeles")!
    #expect(try label("2026-03-01") == "Today")
    #expect(try label("2026-03-02") == "Tomorrow")
    calendar.timeZone = TimeZone(identifier: "Pacific/Kiritimati")!
    #expect(try label("2026-03-02") == "Today")
    // The time alone, for rows whose day is said elsewhere (a smart view's title or section).
    #expect(try Deadline(parsing: "2026-03-02T09:05").timeText == "09:05")
    #expect(try Deadline(parsing: "2026-03-02").timeText == nil)
  }

  @Test("round-trips through JSON as its raw text, and refuses bad text")
  func codable() throws {
    let deadline = try Deadline(parsing: "2026-03-01T09:30")
    let data = try JSONEncoder().encode([deadline])
    #expect(String(decoding: data, as: UTF8.self) == #"["2026-03-01T09:30"]"#)
    #expect(try JSONDecoder().decode([Deadline].self, from: data) == [deadline])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([Deadline].self, from: Data(#"["2026-02-30"]"#.utf8))
    }
  }

  @Test("rawValue initialiser accepts only normalised text")
  func rawValue() {
    #expect(Deadline(rawValue: "2026-03-01") != nil)
    #expect(Deadline(rawValue: "2026-03-01 09:30") == nil)
  }
}

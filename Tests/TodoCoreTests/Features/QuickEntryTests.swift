import Foundation
import Testing

@testable import TodoCore

@Suite("Quick entry")
struct QuickEntryTests {
  /// Tuesday 2026-11-24 14:30 in UTC.
  static let now = Date(timeIntervalSince1970: 1_795_530_600)
  static let calendar = Calendar.utcGregorian

  static func read(_ text: String) -> QuickEntry {
    QuickEntry(parsing: text, now: now, calendar: calendar)
  }

  @Test(
    "dates and times are read and leave the title",
    arguments: [
      ("Call mum tomorrow 9:00", "Call mum", "2026-11-25T09:00", "tomorrow 9:00"),
      ("Call mum tomorrow at 9am", "Call mum", "2026-11-25T09:00", "tomorrow at 9am"),
      ("Pay rent friday", "Pay rent", "2026-11-27", "friday"),
      ("Pay rent Tue", "Pay rent", "2026-12-01", "Tue"),
      ("Renew passport in 3 days", "Renew passport", "2026-11-27", "in 3 days"),
      ("Dentist in a week 4:15pm", "Dentist", "2026-12-01T16:15", "in a week 4:15pm"),
      ("Gift 12/1", "Gift", "2026-12-01", "12/1"),
      ("Taxes 3/15", "Taxes", "2027-03-15", "3/15"),
      ("Standup 9:30", "Standup", "2026-11-25T09:30", "9:30"),
      ("Lunch at noon today", "Lunch", "2026-11-24T12:00", "at noon today"),
      ("Call Bob 18:00", "Call Bob", "2026-11-24T18:00", "18:00"),
      ("Call Bob 18:00, then Ann", "Call Bob then Ann", "2026-11-24T18:00", "18:00,"),
      ("Report 2026-12-03", "Report", "2026-12-03", "2026-12-03"),
      ("TOMORROW water plants", "water plants", "2026-11-25", "TOMORROW"),
    ])
  func reads(_ text: String, _ title: String, _ deadline: String, _ phrase: String) throws {
    let entry = Self.read(text)
    #expect(entry.title == title)
    #expect(entry.deadline == (try Deadline(parsing: deadline)))
    #expect(entry.phrase == phrase)
  }

  @Test(
    "text that names no deadline, or nothing else, stays whole",
    arguments: [
      "Buy 2 apples", "Read chapter 12", "tomorrow", "friday 9:00", "Fix 25:00 bug",
      "Call 13/45", "in the morning", "Gift 2/30", "",
    ])
  func staysWhole(_ text: String) {
    let entry = Self.read(text)
    #expect(entry.title == text)
    #expect(entry.deadline == nil && entry.phrase == nil)
  }
}

@Suite("A date typed in words")
struct TypedDateTests {
  @Test(
    "a phrase that names only a date and a time is that deadline",
    arguments: [
      ("tomorrow", "2026-11-25"), ("Friday 9:00", "2026-11-27T09:00"),
      ("in 3 days", "2026-11-27"), ("12/1", "2026-12-01"), ("at noon", "2026-11-25T12:00"),
      ("18:00", "2026-11-24T18:00"), ("today at 9pm", "2026-11-24T21:00"),
      ("2026-12-01 18:00", "2026-12-01T18:00"),
    ])
  func names(_ phrase: String, _ deadline: String) throws {
    let read = QuickEntry.date(
      named: phrase, now: QuickEntryTests.now, calendar: QuickEntryTests.calendar)
    #expect(read == (try Deadline(parsing: deadline)))
  }

  @Test(
    "anything else names no date",
    arguments: ["", "soon", "every monday", "tomorrow friday", "9:00 10:00", "Gift 12/1", "2/30"])
  func namesNothing(_ phrase: String) {
    #expect(
      QuickEntry.date(named: phrase, now: QuickEntryTests.now, calendar: QuickEntryTests.calendar)
        == nil)
  }

  @Test("a typed date is digits or words; an error says what is wrong with digits")
  func typed() throws {
    func typed(_ text: String) throws -> Deadline {
      try Deadline(
        typed: text, field: "start", now: QuickEntryTests.now,
        calendar: QuickEntryTests.calendar)
    }
    #expect(try typed("2026-12-03T08:15") == (try Deadline(parsing: "2026-12-03T08:15")))
    #expect(try typed("tomorrow") == (try Deadline(parsing: "2026-11-25")))
    #expect(
      throws: TodoError.validation(
        field: "start", message: "2026-02-30 is not a day of the calendar")
    ) {
      try typed("2026-02-30")
    }
    do {
      _ = try typed("soon")
      Issue.record("soon was read as a date")
    } catch TodoError.validation(let field, let message) {
      #expect(field == "start")
      #expect(message.contains("words such as tomorrow"))
    }
  }
}

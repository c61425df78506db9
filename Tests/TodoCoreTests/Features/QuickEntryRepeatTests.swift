import Foundation
import ICalendar
import Testing

@testable import TodoCore

/// One repeat typed into the field, and what it must read as.
struct RepeatCase: Sendable, CustomTestStringConvertible {
  var text: String
  var title: String
  var rule: String
  var mode = Recurrence.Mode.schedule
  var deadline: String
  var phrase: String

  var testDescription: String { text }
}

@Suite("Quick entry: repeats")
struct QuickEntryRepeatTests {
  /// Tuesday 2026-11-24 14:30 in UTC, as in the date tests.
  static let now = QuickEntryTests.now
  /// Tuesday 2026-11-24 23:30 in UTC: already Wednesday 00:30 in Paris.
  static let lateNow = Date(timeIntervalSince1970: 1_795_563_000)
  static let paris: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Europe/Paris")!
    return calendar
  }()
  /// Whether this build's RecurrenceRule evaluates hourly rules, which "every hour" needs.
  static let readsHourlyRules = (try? RecurrenceRule(parsing: "FREQ=HOURLY")) != nil

  static func expect(_ entry: QuickEntry, _ expected: RepeatCase) throws {
    #expect(entry.title == expected.title)
    #expect(entry.recurrence?.ruleText == expected.rule)
    #expect(entry.recurrence?.mode == expected.mode)
    #expect(entry.recurrence == (try Recurrence(rule: expected.rule, mode: expected.mode)))
    #expect(entry.deadline == (try Deadline(parsing: expected.deadline)))
    #expect(entry.phrase == expected.phrase)
  }

  @Test(
    "repeats are read, leave the title, and set the deadline to the first occurrence (UTC, Paris)",
    arguments: [
      RepeatCase(
        text: "Stretch every day", title: "Stretch", rule: "FREQ=DAILY",
        deadline: "2026-11-24", phrase: "every day"),
      RepeatCase(
        text: "Daily standup", title: "standup", rule: "FREQ=DAILY", deadline: "2026-11-24",
        phrase: "Daily"),
      RepeatCase(
        text: "Email EVERY WEEKDAY", title: "Email", rule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
        deadline: "2026-11-24", phrase: "EVERY WEEKDAY"),
      RepeatCase(
        text: "Hike every weekend", title: "Hike", rule: "FREQ=WEEKLY;BYDAY=SA,SU",
        deadline: "2026-11-28", phrase: "every weekend"),
      RepeatCase(
        text: "Water plants every Monday", title: "Water plants", rule: "FREQ=WEEKLY;BYDAY=MO",
        deadline: "2026-11-30", phrase: "every Monday"),
      RepeatCase(
        text: "Gym every mon and thu", title: "Gym", rule: "FREQ=WEEKLY;BYDAY=MO,TH",
        deadline: "2026-11-26", phrase: "every mon and thu"),
      RepeatCase(
        text: "Run every monday, wednesday evening", title: "Run evening",
        rule: "FREQ=WEEKLY;BYDAY=MO,WE", deadline: "2026-11-25",
        phrase: "every monday, wednesday"),
      RepeatCase(
        text: "Swim every Monday, Wednesday and Friday", title: "Swim",
        rule: "FREQ=WEEKLY;BYDAY=MO,WE,FR", deadline: "2026-11-25",
        phrase: "every Monday, Wednesday and Friday"),
      RepeatCase(
        text: "Sheets every 2 weeks", title: "Sheets", rule: "FREQ=WEEKLY;INTERVAL=2",
        deadline: "2026-11-24", phrase: "every 2 weeks"),
      RepeatCase(
        text: "Sheets every other week", title: "Sheets", rule: "FREQ=WEEKLY;INTERVAL=2",
        deadline: "2026-11-24", phrase: "every other week"),
      RepeatCase(
        text: "Bins every other monday", title: "Bins", rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO",
        deadline: "2026-11-30", phrase: "every other monday"),
      RepeatCase(
        text: "Payslip every 2 weeks on friday", title: "Payslip",
        rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=FR", deadline: "2026-11-27",
        phrase: "every 2 weeks on friday"),
      RepeatCase(
        text: "Filter every 3 days", title: "Filter", rule: "FREQ=DAILY;INTERVAL=3",
        deadline: "2026-11-24", phrase: "every 3 days"),
      RepeatCase(
        text: "Review weekly", title: "Review", rule: "FREQ=WEEKLY", deadline: "2026-11-24",
        phrase: "weekly"),
      RepeatCase(
        text: "Budget monthly", title: "Budget", rule: "FREQ=MONTHLY", deadline: "2026-11-24",
        phrase: "monthly"),
      RepeatCase(
        text: "Boiler yearly", title: "Boiler", rule: "FREQ=YEARLY", deadline: "2026-11-24",
        phrase: "yearly"),
      RepeatCase(
        text: "Boiler every year", title: "Boiler", rule: "FREQ=YEARLY", deadline: "2026-11-24",
        phrase: "every year"),
      RepeatCase(
        text: "Rent every month on the 1st", title: "Rent", rule: "FREQ=MONTHLY;BYMONTHDAY=1",
        deadline: "2026-12-01", phrase: "every month on the 1st"),
      RepeatCase(
        text: "Invoice every 15th", title: "Invoice", rule: "FREQ=MONTHLY;BYMONTHDAY=15",
        deadline: "2026-12-15", phrase: "every 15th"),
      RepeatCase(
        text: "Timesheet every month on the last day", title: "Timesheet",
        rule: "FREQ=MONTHLY;BYMONTHDAY=-1", deadline: "2026-11-30",
        phrase: "every month on the last day"),
      RepeatCase(
        text: "Drinks every last Friday", title: "Drinks", rule: "FREQ=MONTHLY;BYDAY=-1FR",
        deadline: "2026-11-27", phrase: "every last Friday"),
      RepeatCase(
        text: "Drinks every month on the last friday", title: "Drinks",
        rule: "FREQ=MONTHLY;BYDAY=-1FR", deadline: "2026-11-27",
        phrase: "every month on the last friday"),
      RepeatCase(
        text: "Book club every first monday", title: "Book club", rule: "FREQ=MONTHLY;BYDAY=1MO",
        deadline: "2026-12-07", phrase: "every first monday"),
      RepeatCase(
        text: "Council every 2nd tuesday", title: "Council", rule: "FREQ=MONTHLY;BYDAY=2TU",
        deadline: "2026-12-08", phrase: "every 2nd tuesday"),
      RepeatCase(
        text: "Renew domain every jan 15", title: "Renew domain",
        rule: "FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=15", deadline: "2027-01-15",
        phrase: "every jan 15"),
      RepeatCase(
        text: "Renew domain every year on 15 january", title: "Renew domain",
        rule: "FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=15", deadline: "2027-01-15",
        phrase: "every year on 15 january"),
      RepeatCase(
        text: "Leap party every 29 feb", title: "Leap party",
        rule: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", deadline: "2028-02-29",
        phrase: "every 29 feb"),
      RepeatCase(
        text: "Water plants every Monday 9:00", title: "Water plants",
        rule: "FREQ=WEEKLY;BYDAY=MO", deadline: "2026-11-30T09:00", phrase: "every Monday 9:00"),
      RepeatCase(
        text: "Water plants every monday at 9am", title: "Water plants",
        rule: "FREQ=WEEKLY;BYDAY=MO", deadline: "2026-11-30T09:00",
        phrase: "every monday at 9am"),
      RepeatCase(
        text: "Pills every day 9:00", title: "Pills", rule: "FREQ=DAILY",
        deadline: "2026-11-25T09:00", phrase: "every day 9:00"),
      RepeatCase(
        text: "Pills at 18:00 every day", title: "Pills", rule: "FREQ=DAILY",
        deadline: "2026-11-24T18:00", phrase: "at 18:00 every day"),
      RepeatCase(
        text: "Clean filter every 3 days after done", title: "Clean filter",
        rule: "FREQ=DAILY;INTERVAL=3", mode: .afterCompletion, deadline: "2026-11-24",
        phrase: "every 3 days after done"),
      RepeatCase(
        text: "Clean filter every! 3 days", title: "Clean filter", rule: "FREQ=DAILY;INTERVAL=3",
        mode: .afterCompletion, deadline: "2026-11-24", phrase: "every! 3 days"),
      RepeatCase(
        text: "Haircut every 4 weeks after completion", title: "Haircut",
        rule: "FREQ=WEEKLY;INTERVAL=4", mode: .afterCompletion, deadline: "2026-11-24",
        phrase: "every 4 weeks after completion"),
      RepeatCase(
        text: "Standup every weekday until 2027-03-01", title: "Standup",
        rule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20270301", deadline: "2026-11-24",
        phrase: "every weekday until 2027-03-01"),
      RepeatCase(
        text: "Standup every weekday until dec 1", title: "Standup",
        rule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20261201", deadline: "2026-11-24",
        phrase: "every weekday until dec 1"),
      RepeatCase(
        text: "Standup every weekday until 1 Mar 2027", title: "Standup",
        rule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20270301", deadline: "2026-11-24",
        phrase: "every weekday until 1 Mar 2027"),
      RepeatCase(
        text: "Physio every week for 10 times", title: "Physio", rule: "FREQ=WEEKLY;COUNT=10",
        deadline: "2026-11-24", phrase: "every week for 10 times"),
      RepeatCase(
        text: "Physio every day 10 times", title: "Physio", rule: "FREQ=DAILY;COUNT=10",
        deadline: "2026-11-24", phrase: "every day 10 times"),
      RepeatCase(
        text: "Choir every monday starting dec 7", title: "Choir", rule: "FREQ=WEEKLY;BYDAY=MO",
        deadline: "2026-12-07", phrase: "every monday starting dec 7"),
      RepeatCase(
        text: "Choir every monday starting dec 2", title: "Choir", rule: "FREQ=WEEKLY;BYDAY=MO",
        deadline: "2026-12-07", phrase: "every monday starting dec 2"),
      RepeatCase(
        text: "Payslip every 2 weeks from friday", title: "Payslip",
        rule: "FREQ=WEEKLY;INTERVAL=2", deadline: "2026-11-27",
        phrase: "every 2 weeks from friday"),
      RepeatCase(
        text: "Rent 12/3 monthly", title: "Rent", rule: "FREQ=MONTHLY", deadline: "2026-12-03",
        phrase: "12/3 monthly"),
      RepeatCase(
        text: "Run every day until done", title: "Run until done", rule: "FREQ=DAILY",
        deadline: "2026-11-24", phrase: "every day"),
      RepeatCase(
        text: "Gym Every mon, thu 8am after done, 5 times", title: "Gym",
        rule: "FREQ=WEEKLY;BYDAY=MO,TH;COUNT=5", mode: .afterCompletion,
        deadline: "2026-11-26T08:00", phrase: "Every mon, thu 8am after done, 5 times"),
    ], ["UTC", "Europe/Paris"])
  func reads(_ expected: RepeatCase, _ zone: String) throws {
    // At 14:30 UTC it is 15:30 in Paris: the same day, and the same times still to come.
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: zone))
    try Self.expect(QuickEntry(parsing: expected.text, now: Self.now, calendar: calendar), expected)
  }

  @Test(
    "the first occurrence is counted from the day in the calendar's time zone",
    arguments: [
      ("every day", "2026-11-24", "2026-11-25"),
      ("every weekday", "2026-11-24", "2026-11-25"),
      ("every tuesday", "2026-11-24", "2026-12-01"),
      ("every Monday 9:00", "2026-11-30T09:00", "2026-11-30T09:00"),
      ("every day 9:00", "2026-11-25T09:00", "2026-11-25T09:00"),
      ("every day 0:15", "2026-11-25T00:15", "2026-11-26T00:15"),
      ("every month on the last day", "2026-11-30", "2026-11-30"),
    ])
  func timeZones(_ text: String, _ utc: String, _ paris: String) throws {
    let inUTC = QuickEntry(parsing: "Plan " + text, now: Self.lateNow, calendar: .utcGregorian)
    let inParis = QuickEntry(parsing: "Plan " + text, now: Self.lateNow, calendar: Self.paris)
    #expect(inUTC.deadline == (try Deadline(parsing: utc)))
    #expect(inParis.deadline == (try Deadline(parsing: paris)))
    #expect(inUTC.recurrence == inParis.recurrence && inUTC.recurrence != nil)
    #expect(inUTC.title == "Plan" && inParis.title == "Plan")
  }

  @Test("every hour starts at the next hour", .enabled(if: readsHourlyRules))
  func hourly() throws {
    let cases = [
      ("every hour", "FREQ=HOURLY", Self.now, Calendar.utcGregorian, "2026-11-24T15:00"),
      ("hourly", "FREQ=HOURLY", Self.now, .utcGregorian, "2026-11-24T15:00"),
      ("every 2 hours", "FREQ=HOURLY;INTERVAL=2", Self.now, .utcGregorian, "2026-11-24T15:00"),
      ("every hour", "FREQ=HOURLY", Self.lateNow, .utcGregorian, "2026-11-25T00:00"),
      ("every hour", "FREQ=HOURLY", Self.lateNow, Self.paris, "2026-11-25T01:00"),
    ]
    for (text, rule, now, calendar, deadline) in cases {
      try Self.expect(
        QuickEntry(parsing: "Stretch " + text, now: now, calendar: calendar),
        RepeatCase(
          text: text, title: "Stretch", rule: rule, deadline: deadline, phrase: text))
    }
  }

  @Test("every hour stays in the title while hourly rules are refused")
  func hourlyRefused() {
    guard !Self.readsHourlyRules else { return }
    let entry = QuickEntry(parsing: "Stretch every hour", now: Self.now, calendar: .utcGregorian)
    #expect(entry.title == "Stretch every hour" && entry.recurrence == nil)
  }

  @Test(
    "text with no repeat, or nothing but one, stays whole",
    arguments: [
      "every little thing", "Read every other page", "every day", "weekly", "every monday 9:00",
      "Fix every", "Feed cat every 0 days", "every 32nd time", "Meet every feb 30",
      "every fifth element",
    ])
  func staysWhole(_ text: String) {
    let entry = QuickEntry(parsing: text, now: Self.now, calendar: .utcGregorian)
    #expect(entry.title == text)
    #expect(entry.recurrence == nil && entry.deadline == nil && entry.phrase == nil)
  }

  @Test("a count and an end cannot both be given: the second stays in the title")
  func countAndUntil() {
    let entry = QuickEntry(
      parsing: "Physio every day 10 times until dec 1", now: Self.now, calendar: .utcGregorian)
    #expect(entry.recurrence?.ruleText == "FREQ=DAILY;COUNT=10")
    #expect(entry.title == "Physio until dec 1")
  }
}

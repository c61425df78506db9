import ICalendar
import Testing

/// A rule, its start and its first occurrences in full (`YYYYMMDDTHHMMSS`), in New York.
struct TimedExample: Sendable, CustomTestStringConvertible {
  let name: String
  let start: String
  let rule: String
  let occurrences: [String]
  /// Whether `occurrences` are all there are.
  let ends: Bool

  var testDescription: String { name }
}

@Suite("RRULE: BYSETPOS, BYYEARDAY, BYWEEKNO, times of day and exceptions")
struct RecurrenceRuleTimeTests {
  /// The times of one day from `hours` at each of `minutes`, as `YYYYMMDDTHHMMSS`.
  static func times(_ day: String, hours: ClosedRange<Int>, minutes: [Int]) -> [String] {
    hours.flatMap { hour in
      minutes.map {
        day + "T" + (hour < 10 ? "0" : "") + "\(hour)" + ($0 < 10 ? "0" : "") + "\($0)00"
      }
    }
  }

  // MARK: - RFC 5545 examples

  static let examples: [TimedExample] = [
    TimedExample(
      name: "every third year on the 1st, 100th and 200th day, 10 occurrences",
      start: "19970101T090000", rule: "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200",
      occurrences: [
        "19970101", "19970410", "19970719", "20000101", "20000409", "20000718", "20030101",
        "20030410", "20030719", "20060101",
      ].map { $0 + "T090000" }, ends: true),
    TimedExample(
      name: "Monday of week number 20, forever", start: "19970512T090000",
      rule: "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO",
      occurrences: ["19970512T090000", "19980511T090000", "19990517T090000"], ends: false),
    TimedExample(
      name: "the third Tuesday, Wednesday or Thursday of the month, 3 occurrences",
      start: "19970904T090000", rule: "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3",
      occurrences: ["19970904T090000", "19971007T090000", "19971106T090000"], ends: true),
    TimedExample(
      name: "the second-to-last weekday of the month", start: "19970929T090000",
      rule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2",
      occurrences: [
        "19970929", "19971030", "19971127", "19971230", "19980129", "19980226", "19980330",
      ].map { $0 + "T090000" }, ends: false),
    // The RFC lists 15:00 too, but 15:00 in New York that day is 19:00 UTC, after UNTIL.
    TimedExample(
      name: "every 3 hours from 9:00 until 17:00 UTC", start: "19970902T090000",
      rule: "FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z",
      occurrences: ["19970902T090000", "19970902T120000"], ends: true),
    TimedExample(
      name: "every 15 minutes, 6 occurrences", start: "19970902T090000",
      rule: "FREQ=MINUTELY;INTERVAL=15;COUNT=6",
      occurrences: ["090000", "091500", "093000", "094500", "100000", "101500"].map {
        "19970902T" + $0
      }, ends: true),
    TimedExample(
      name: "every hour and a half, 4 occurrences", start: "19970902T090000",
      rule: "FREQ=MINUTELY;INTERVAL=90;COUNT=4",
      occurrences: ["19970902T090000", "19970902T103000", "19970902T120000", "19970902T133000"],
      ends: true),
    TimedExample(
      name: "every 20 minutes from 9:00 to 16:40, daily with BYHOUR and BYMINUTE",
      start: "19970902T090000", rule: "FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40",
      occurrences: times("19970902", hours: 9...16, minutes: [0, 20, 40])
        + times("19970903", hours: 9...9, minutes: [0, 20]), ends: false),
    TimedExample(
      name: "every 20 minutes from 9:00 to 16:40, minutely with BYHOUR", start: "19970902T090000",
      rule: "FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10,11,12,13,14,15,16",
      occurrences: times("19970902", hours: 9...16, minutes: [0, 20, 40])
        + times("19970903", hours: 9...9, minutes: [0, 20]), ends: false),
  ]

  @Test("the RFC 5545 examples, occurrence by occurrence", arguments: examples)
  func rfcExample(_ example: TimedExample) throws {
    let rule = try RecurrenceRule(parsing: example.rule)
    let start = try RecurrenceRuleTests.start(example.start)
    let limit = example.occurrences.count + (example.ends ? 5 : 0)
    let found = RecurrenceRuleTests.occurrences(rule, from: start, limit: limit)
    #expect(found.map(\.text) == example.occurrences)
    #expect(found.allSatisfy { $0.tzid == "America/New_York" })
    let lazily = rule.occurrences(from: start, utcOffset: RecurrenceRuleTests.newYork)
    #expect(Array(lazily.prefix(limit)) == found)
  }

  @Test("EXDATE leaves the start out of every Friday the 13th, as the RFC's example does")
  func fridayThe13th() throws {
    let rule = try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13")
    let start = try RecurrenceRuleTests.start("19970902T090000")
    let found = rule.occurrences(from: start, exceptions: [start]).prefix(5).map(\.text)
    #expect(
      found == ["19980213", "19980313", "19981113", "19990813", "20001013"].map { $0 + "T090000" })
    #expect(
      rule.occurrence(after: start, start: start, exceptions: [start])?.text == "19980213T090000")
  }

  @Test("exceptions still count for COUNT; a DATE exception leaves out its whole day")
  func exceptionsCount() throws {
    let rule = try RecurrenceRule(parsing: "FREQ=HOURLY;INTERVAL=12;COUNT=6")
    let start = try #require(DateOrDateTime(parsing: "20261124T090000Z"))
    let exceptions: Set = [
      try #require(DateOrDateTime(parsing: "20261125T090000Z")),
      try #require(DateOrDateTime(parsing: "20261126")),
    ]
    #expect(
      rule.occurrences(from: start, exceptions: exceptions).map(\.text) == [
        "20261124T090000Z", "20261124T210000Z", "20261125T210000Z",
      ])
    // A UTC exception matches a zoned occurrence at the same instant.
    let berlin: RecurrenceRule.UTCOffset = { _, _, _ in 3_600 }
    let zoned = try #require(DateOrDateTime(parsing: "20261124T100000", tzid: "Europe/Berlin"))
    let daily = try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=3")
    let skipped = try #require(DateOrDateTime(parsing: "20261125T090000Z"))
    #expect(
      daily.occurrences(from: zoned, exceptions: [skipped], utcOffset: berlin).map(\.text) == [
        "20261124T100000", "20261126T100000",
      ])
  }

  @Test("BYWEEKNO=-53 takes late December days that are in week 1 of a 53-week year")
  func lastWeekNumberOfTheNextYear() throws {
    // Week 1 of 2020 (53 weeks) runs from Monday December 30, 2019; 2021 to 2025 have 52.
    let rule = try RecurrenceRule(parsing: "FREQ=YEARLY;BYWEEKNO=-53")
    let start = try #require(DateOrDateTime(parsing: "20190101"))
    #expect(
      rule.occurrences(from: start).prefix(9).map(\.text) == [
        "20190101", "20191230", "20191231", "20200101", "20200102", "20200103", "20200104",
        "20200105", "20251229",
      ])
  }

  @Test("a DATE start has whole days only: an hourly rule falls on the days it reaches midnight")
  func dateStartOfAnHourlyRule() throws {
    let start = try #require(DateOrDateTime(parsing: "20261124"))
    let twelve = try RecurrenceRule(parsing: "FREQ=HOURLY;INTERVAL=12;BYHOUR=9")
    #expect(
      twelve.occurrences(from: start).prefix(3).map(\.text) == ["20261124", "20261125", "20261126"])
    let five = try RecurrenceRule(parsing: "FREQ=HOURLY;INTERVAL=5")
    #expect(
      five.occurrences(from: start).prefix(3).map(\.text) == ["20261124", "20261129", "20261204"])
  }

  @Test("the next DUE of an hourly todo is hours later, in the DUE's form")
  func nextDueHourly() throws {
    let rule = try RecurrenceRule(parsing: "FREQ=HOURLY;INTERVAL=2;BYHOUR=9,11,13")
    let due = try #require(DateOrDateTime(parsing: "20261124T110000Z"))
    #expect(rule.nextDue(after: due)?.text == "20261124T130000Z")
    let last = try #require(DateOrDateTime(parsing: "20261124T130000Z"))
    #expect(rule.nextDue(after: last)?.text == "20261125T090000Z")
    // A DUE 30 minutes after its DTSTART stays 30 minutes after each occurrence.
    let start = try #require(DateOrDateTime(parsing: "20261124T090000Z"))
    let late = try #require(DateOrDateTime(parsing: "20261124T093000Z"))
    #expect(rule.nextDue(after: late, start: start)?.text == "20261124T113000Z")
  }

  @Test("rules that can give nothing more end quickly, at every frequency")
  func impossible() throws {
    let start = try #require(DateOrDateTime(parsing: "20260101T000000"))
    for text in [
      "FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=MINUTELY;INTERVAL=1440;BYHOUR=1",
      "FREQ=HOURLY;INTERVAL=168;BYDAY=TU", "FREQ=SECONDLY;INTERVAL=7;BYSECOND=60",
      "FREQ=YEARLY;BYWEEKNO=53;BYYEARDAY=1;BYDAY=WE", "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6",
    ] {
      let rule = try RecurrenceRule(parsing: text)
      #expect(rule.occurrence(after: start, start: start) == nil, "\(text)")
    }
  }
}

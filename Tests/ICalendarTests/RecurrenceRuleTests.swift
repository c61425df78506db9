import ICalendar
import Testing

/// A rule, its start and its first occurrences, as RFC 5545 section 3.8.5.3 lists them.
struct RuleExample: Sendable, CustomTestStringConvertible {
  let name: String
  let start: String
  let rule: String
  /// The first occurrences' days (`YYYYMMDD`), at the start's time.
  let days: [String]
  /// Whether `days` are all the occurrences there are.
  let ends: Bool

  init(_ name: String, _ start: String, _ rule: String, _ days: [String], ends: Bool) {
    self.name = name
    self.start = start
    self.rule = rule
    self.days = days
    self.ends = ends
  }

  var testDescription: String { name }
}

@Suite("RRULE: parsing and the next occurrence")
struct RecurrenceRuleTests {
  /// The RFC's examples are at 09:00 in New York: UTC-4 until early November, UTC-5 after.
  static let newYork: RecurrenceRule.UTCOffset = { tzid, date, _ in
    guard tzid == "America/New_York" else { return nil }
    let summer = (date.month, date.day) >= (3, 9) && (date.month, date.day) < (11, 2)
    return summer ? -4 * 3_600 : -5 * 3_600
  }

  /// The first `limit` occurrences, found one after another with `occurrence(after:start:)`.
  static func occurrences(
    _ rule: RecurrenceRule, from start: DateOrDateTime, limit: Int
  ) -> [DateOrDateTime] {
    var found = [start]
    while found.count < limit,
      let next = rule.occurrence(after: found[found.count - 1], start: start, utcOffset: newYork)
    {
      found.append(next)
    }
    return found
  }

  static func start(_ text: String) throws -> DateOrDateTime {
    try #require(DateOrDateTime(parsing: text, tzid: "America/New_York"))
  }

  // MARK: - RFC 5545 examples

  static let examples: [RuleExample] = [
    RuleExample(
      "daily for 10 occurrences", "19970902T090000", "FREQ=DAILY;COUNT=10",
      [
        "19970902", "19970903", "19970904", "19970905", "19970906", "19970907", "19970908",
        "19970909", "19970910", "19970911",
      ], ends: true),
    RuleExample(
      "every other day, forever", "19970902T090000", "FREQ=DAILY;INTERVAL=2",
      ["19970902", "19970904", "19970906", "19970908", "19970910", "19970912"], ends: false),
    RuleExample(
      "every 10 days, 5 occurrences", "19970902T090000", "FREQ=DAILY;INTERVAL=10;COUNT=5",
      ["19970902", "19970912", "19970922", "19971002", "19971012"], ends: true),
    RuleExample(
      "weekly for 10 occurrences", "19970902T090000", "FREQ=WEEKLY;COUNT=10",
      [
        "19970902", "19970909", "19970916", "19970923", "19970930", "19971007", "19971014",
        "19971021", "19971028", "19971104",
      ], ends: true),
    RuleExample(
      "weekly until December 24, 1997", "19970902T090000", "FREQ=WEEKLY;UNTIL=19971224T000000Z",
      [
        "19970902", "19970909", "19970916", "19970923", "19970930", "19971007", "19971014",
        "19971021", "19971028", "19971104", "19971111", "19971118", "19971125", "19971202",
        "19971209", "19971216", "19971223",
      ], ends: true),
    RuleExample(
      "every other week, forever", "19970902T090000", "FREQ=WEEKLY;INTERVAL=2;WKST=SU",
      [
        "19970902", "19970916", "19970930", "19971014", "19971028", "19971111", "19971125",
        "19971209", "19971223", "19980106", "19980120", "19980203",
      ], ends: false),
    RuleExample(
      "weekly on Tuesday and Thursday for five weeks (UNTIL)", "19970902T090000",
      "FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH",
      [
        "19970902", "19970904", "19970909", "19970911", "19970916", "19970918", "19970923",
        "19970925", "19970930", "19971002",
      ], ends: true),
    RuleExample(
      "weekly on Tuesday and Thursday for five weeks (COUNT)", "19970902T090000",
      "FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH",
      [
        "19970902", "19970904", "19970909", "19970911", "19970916", "19970918", "19970923",
        "19970925", "19970930", "19971002",
      ], ends: true),
    RuleExample(
      "every other week on Monday, Wednesday and Friday until December 24, 1997",
      "19970901T090000", "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR",
      [
        "19970901", "19970903", "19970905", "19970915", "19970917", "19970919", "19970929",
        "19971001", "19971003", "19971013", "19971015", "19971017", "19971027", "19971029",
        "19971031", "19971110", "19971112", "19971114", "19971124", "19971126", "19971128",
        "19971208", "19971210", "19971212", "19971222",
      ], ends: true),
    RuleExample(
      "every other week on Tuesday and Thursday, for 8 occurrences", "19970902T090000",
      "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH",
      [
        "19970902", "19970904", "19970916", "19970918", "19970930", "19971002", "19971014",
        "19971016",
      ], ends: true),
    RuleExample(
      "monthly on the first Friday for 10 occurrences", "19970905T090000",
      "FREQ=MONTHLY;COUNT=10;BYDAY=1FR",
      [
        "19970905", "19971003", "19971107", "19971205", "19980102", "19980206", "19980306",
        "19980403", "19980501", "19980605",
      ], ends: true),
    RuleExample(
      "monthly on the first Friday until December 24, 1997", "19970905T090000",
      "FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR",
      ["19970905", "19971003", "19971107", "19971205"], ends: true),
    RuleExample(
      "every other month on the first and last Sunday, for 10 occurrences", "19970907T090000",
      "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU",
      [
        "19970907", "19970928", "19971102", "19971130", "19980104", "19980125", "19980301",
        "19980329", "19980503", "19980531",
      ], ends: true),
    RuleExample(
      "monthly on the second-to-last Monday for 6 months", "19970922T090000",
      "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO",
      ["19970922", "19971020", "19971117", "19971222", "19980119", "19980216"], ends: true),
    RuleExample(
      "monthly on the third-to-the-last day, forever", "19970928T090000",
      "FREQ=MONTHLY;BYMONTHDAY=-3",
      ["19970928", "19971029", "19971128", "19971229", "19980129", "19980226"], ends: false),
    RuleExample(
      "monthly on the 2nd and 15th for 10 occurrences", "19970902T090000",
      "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15",
      [
        "19970902", "19970915", "19971002", "19971015", "19971102", "19971115", "19971202",
        "19971215", "19980102", "19980115",
      ], ends: true),
    RuleExample(
      "monthly on the first and last day for 10 occurrences", "19970930T090000",
      "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1",
      [
        "19970930", "19971001", "19971031", "19971101", "19971130", "19971201", "19971231",
        "19980101", "19980131", "19980201",
      ], ends: true),
    RuleExample(
      "every 18 months on the 10th to 15th for 10 occurrences", "19970910T090000",
      "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15",
      [
        "19970910", "19970911", "19970912", "19970913", "19970914", "19970915", "19990310",
        "19990311", "19990312", "19990313",
      ], ends: true),
    RuleExample(
      "every Tuesday, every other month", "19970902T090000", "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU",
      [
        "19970902", "19970909", "19970916", "19970923", "19970930", "19971104", "19971111",
        "19971118", "19971125", "19980106", "19980113", "19980120", "19980127", "19980303",
        "19980310", "19980317", "19980324", "19980331",
      ], ends: false),
    RuleExample(
      "yearly in June and July for 10 occurrences", "19970610T090000",
      "FREQ=YEARLY;COUNT=10;BYMONTH=6,7",
      [
        "19970610", "19970710", "19980610", "19980710", "19990610", "19990710", "20000610",
        "20000710", "20010610", "20010710",
      ], ends: true),
    RuleExample(
      "every other year on January, February and March for 10 occurrences", "19970310T090000",
      "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3",
      [
        "19970310", "19990110", "19990210", "19990310", "20010110", "20010210", "20010310",
        "20030110", "20030210", "20030310",
      ], ends: true),
    RuleExample(
      "every 20th Monday of the year, forever", "19970519T090000", "FREQ=YEARLY;BYDAY=20MO",
      ["19970519", "19980518", "19990517"], ends: false),
    RuleExample(
      "every Thursday in March, forever", "19970313T090000", "FREQ=YEARLY;BYMONTH=3;BYDAY=TH",
      [
        "19970313", "19970320", "19970327", "19980305", "19980312", "19980319", "19980326",
        "19990304", "19990311", "19990318", "19990325",
      ], ends: false),
    RuleExample(
      "every Thursday, but only during June, July and August, forever", "19970605T090000",
      "FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8",
      [
        "19970605", "19970612", "19970619", "19970626", "19970703", "19970710", "19970717",
        "19970724", "19970731", "19970807", "19970814", "19970821", "19970828", "19980604",
      ], ends: false),
    RuleExample(
      "every Friday the 13th, forever (the start counts, as the RFC's EXDATE shows)",
      "19970902T090000", "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13",
      ["19970902", "19980213", "19980313", "19981113", "19990813", "20001013"], ends: false),
    RuleExample(
      "the first Saturday that follows the first Sunday of the month, forever",
      "19970913T090000", "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13",
      [
        "19970913", "19971011", "19971108", "19971213", "19980110", "19980207", "19980307",
        "19980411", "19980509", "19980613",
      ], ends: false),
    RuleExample(
      "every 4 years, the first Tuesday after a Monday in November (U.S. elections)",
      "19961105T090000", "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
      ["19961105", "20001107", "20041102"], ends: false),
    RuleExample(
      "WKST=MO changes which weeks an INTERVAL skips", "19970805T090000",
      "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO",
      ["19970805", "19970810", "19970819", "19970824"], ends: true),
    RuleExample(
      "WKST=SU changes which weeks an INTERVAL skips", "19970805T090000",
      "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU",
      ["19970805", "19970817", "19970819", "19970831"], ends: true),
    RuleExample(
      "an invalid date (February 30) is skipped, not counted", "20070115T090000",
      "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5",
      ["20070115", "20070130", "20070215", "20070315", "20070330"], ends: true),
  ]

  @Test("the RFC 5545 examples, occurrence by occurrence", arguments: examples)
  func rfcExample(_ example: RuleExample) throws {
    let rule = try RecurrenceRule(parsing: example.rule)
    let start = try Self.start(example.start)
    let limit = example.days.count + (example.ends ? 5 : 0)
    let found = Self.occurrences(rule, from: start, limit: limit)
    #expect(found.map(\.date.description) == example.days)
    // Every occurrence keeps the start's time and time zone.
    #expect(found.allSatisfy { $0.time == start.time && $0.tzid == "America/New_York" })
  }

  @Test("daily until December 24, 1997: 113 occurrences, the last on December 23")
  func dailyUntil() throws {
    let rule = try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=19971224T000000Z")
    let found = Self.occurrences(rule, from: try Self.start("19970902T090000"), limit: 500)
    #expect(found.count == 113)
    #expect(found.last?.text == "19971223T090000")
  }

  @Test("every day in January for 3 years, written yearly and daily")
  func everyDayInJanuary() throws {
    let start = try Self.start("19980101T090000")
    for text in [
      "FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA",
      "FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1",
    ] {
      let found = Self.occurrences(try RecurrenceRule(parsing: text), from: start, limit: 500)
      // UNTIL is the instant of the last occurrence (09:00 in New York is 14:00 UTC).
      #expect(found.count == 93, "\(text)")
      #expect(found.allSatisfy { $0.date.month == 1 }, "\(text)")
      #expect(found.last?.text == "20000131T090000", "\(text)")
    }
  }

  // MARK: - Short months, years and forms

  @Test("monthly from January 31 skips the months without a 31st")
  func monthlyFromThe31st() throws {
    let rule = try RecurrenceRule(parsing: "FREQ=MONTHLY")
    let start = try #require(DateOrDateTime(parsing: "20260131"))
    #expect(
      Self.occurrences(rule, from: start, limit: 7).map(\.text) == [
        "20260131", "20260331", "20260531", "20260731", "20260831", "20261031", "20261231",
      ])
  }

  @Test("monthly on the last day (-1) follows the length of each month")
  func monthlyOnTheLastDay() throws {
    let rule = try RecurrenceRule(parsing: "FREQ=MONTHLY;BYMONTHDAY=-1")
    let start = try #require(DateOrDateTime(parsing: "20280131"))
    #expect(
      Self.occurrences(rule, from: start, limit: 5).map(\.text) == [
        "20280131", "20280229", "20280331", "20280430", "20280531",
      ])
  }

  @Test("yearly: on the same day, a leap day only in leap years, COUNT included")
  func yearly() throws {
    let leap = try #require(DateOrDateTime(parsing: "20280229T070000Z"))
    #expect(
      Self.occurrences(try RecurrenceRule(parsing: "FREQ=YEARLY"), from: leap, limit: 3)
        .map(\.text) == ["20280229T070000Z", "20320229T070000Z", "20360229T070000Z"])
    let birthday = try #require(DateOrDateTime(parsing: "20261124"))
    let three = try RecurrenceRule(parsing: "freq=yearly;count=3")
    #expect(
      Self.occurrences(three, from: birthday, limit: 10).map(\.text) == [
        "20261124", "20271124", "20281124",
      ])
  }

  @Test("UNTIL as a DATE includes its day; COUNT counts from the start, not from `after`")
  func untilAndCount() throws {
    let start = try #require(DateOrDateTime(parsing: "20261124T090000"))
    let until = try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20261126")
    #expect(
      Self.occurrences(until, from: start, limit: 10).map(\.text) == [
        "20261124T090000", "20261125T090000", "20261126T090000",
      ])
    let count = try RecurrenceRule(parsing: "FREQ=WEEKLY;COUNT=2")
    let second = try #require(DateOrDateTime(parsing: "20261201T090000"))
    #expect(count.occurrence(after: start, start: start) == second)
    #expect(count.occurrence(after: second, start: start) == nil)
    // Before the start, the start is next.
    let before = try #require(DateOrDateTime(parsing: "20261101T090000"))
    #expect(count.occurrence(after: before, start: start) == start)
  }

  @Test("a UTC UNTIL is compared with a zoned start through the caller's UTC offsets")
  func untilInUTC() throws {
    // 09:00 in Berlin in winter is 08:00 UTC: the last occurrence is exactly at UNTIL.
    let rule = try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20261126T080000Z")
    let start = try #require(DateOrDateTime(parsing: "20261124T090000", tzid: "Europe/Berlin"))
    let berlin: RecurrenceRule.UTCOffset = { tzid, _, _ in tzid == "Europe/Berlin" ? 3_600 : nil }
    let second = try #require(rule.occurrence(after: start, start: start, utcOffset: berlin))
    #expect(second.description == "TZID=Europe/Berlin:20261125T090000")
    let third = try #require(rule.occurrence(after: second, start: start, utcOffset: berlin))
    #expect(third.text == "20261126T090000")
    #expect(rule.occurrence(after: third, start: start, utcOffset: berlin) == nil)
    // Without offsets the zoned time is read as if in UTC, and 09:00 is after 08:00.
    #expect(rule.occurrence(after: second, start: start) == nil)
  }

  @Test("a rule that can give no date ends instead of searching forever")
  func impossible() throws {
    let rule = try RecurrenceRule(parsing: "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30")
    let start = try #require(DateOrDateTime(parsing: "20260101"))
    #expect(rule.occurrence(after: start, start: start) == nil)
    let daily = try RecurrenceRule(parsing: "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30")
    #expect(daily.occurrence(after: start, start: start) == nil)
  }

  // MARK: - The next DUE of a repeating todo

  @Test("the next DUE keeps its form: TZID, UTC, floating or a date")
  func nextDueForms() throws {
    let weekly = try RecurrenceRule(parsing: "FREQ=WEEKLY")
    for (due, next) in [
      ("DUE;TZID=Europe/Paris:20261124T090000", "TZID=Europe/Paris:20261201T090000"),
      ("DUE:20261124T080000Z", "20261201T080000Z"),
      ("DUE:20261124T090000", "20261201T090000"),
      ("DUE;VALUE=DATE:20261124", "VALUE=DATE:20261201"),
    ] {
      let value = try #require(try ContentLine(parsing: due).dateOrDateTimeValue)
      let moved = try #require(weekly.nextDue(after: value))
      #expect(moved.description == next)
    }
  }

  @Test("with a DTSTART, the DUE keeps its distance from the occurrence it belongs to")
  func nextDueWithStart() throws {
    let rule = try RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=MO,TH;COUNT=4")
    let start = try #require(DateOrDateTime(parsing: "20261123T090000"))  // a Monday
    var due = try #require(DateOrDateTime(parsing: "20261123T170000"))
    var dues: [String] = []
    while let next = rule.nextDue(after: due, start: start) {
      dues.append(next.text)
      due = next
    }
    // Monday 23, Thursday 26, Monday 30, Thursday 3: four instances in all.
    #expect(dues == ["20261126T170000", "20261130T170000", "20261203T170000"])
    // A DUE before its DTSTART belongs to the first instance.
    let early = try #require(DateOrDateTime(parsing: "20261120T090000"))
    #expect(rule.nextDue(after: early, start: start)?.text == "20261123T090000")
  }
}

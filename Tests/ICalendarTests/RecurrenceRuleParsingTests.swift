import ICalendar
import Testing

@Suite("RRULE: reading, refusing and writing rules")
struct RecurrenceRuleParsingTests {
  /// The error a rule is refused with, as a sentence, or `nil` when it is read.
  static func message(_ rule: String) -> String? {
    do {
      _ = try RecurrenceRule(parsing: rule)
      return nil
    } catch {
      return error.description
    }
  }

  @Test("the parts are read in any order and case")
  func parsing() throws {
    let rule = try RecurrenceRule(
      parsing: "byday=1MO,-1fr;FREQ=Monthly;INTERVAL=2;bymonth=1,6;WKST=SU;UNTIL=20271231")
    #expect(rule.frequency == .monthly && rule.interval == 2 && rule.count == nil)
    #expect(rule.byDay == [.init(1, .monday), .init(-1, .friday)])
    #expect(rule.byMonth == [1, 6] && rule.byMonthDay.isEmpty && rule.weekStart == .sunday)
    #expect(rule.until == DateOrDateTime(parsing: "20271231"))
    let plain = try RecurrenceRule(parsing: "FREQ=DAILY")
    #expect(plain.interval == 1 && plain.weekStart == .monday && plain.byDay.isEmpty)
  }

  @Test("every frequency and BY part of RFC 5545 is read")
  func everyPart() throws {
    let rule = try RecurrenceRule(
      parsing: "FREQ=YEARLY;BYSECOND=0,30;BYMINUTE=15;BYHOUR=9,17;BYDAY=MO;BYMONTHDAY=-1,+2;"
        + "BYYEARDAY=1,-366;BYWEEKNO=20,-1;BYMONTH=3;BYSETPOS=1,-2;COUNT=4")
    #expect(rule.bySecond == [0, 30] && rule.byMinute == [15] && rule.byHour == [9, 17])
    #expect(rule.byMonthDay == [-1, 2] && rule.byYearDay == [1, -366])
    #expect(rule.byWeekNo == [20, -1] && rule.bySetPos == [1, -2] && rule.count == 4)
    for frequency in RecurrenceRule.Frequency.allCases {
      #expect(try RecurrenceRule(parsing: "FREQ=" + frequency.rawValue).frequency == frequency)
    }
  }

  @Test(
    "parts that are not RFC 5545's are refused, naming the part",
    arguments: [
      ("RSCALE=GREGORIAN;FREQ=YEARLY", "RSCALE"),
      ("FREQ=MONTHLY;SKIP=FORWARD", "SKIP"),
      ("FREQ=DAILY;X-NAME=1", "X-NAME"),
      ("FREQ=DAILY;BYEASTER=0", "BYEASTER"),
    ])
  func unsupported(rule: String, part: String) {
    let error = #expect(throws: RecurrenceRuleError.self) {
      try RecurrenceRule(parsing: rule)
    }
    #expect(error?.part == part && error?.reason == .unsupportedPart)
    #expect(error?.description.contains(part) == true)
  }

  @Test(
    "values and combinations RFC 5545 does not allow are refused, naming the part",
    arguments: [
      ("FREQ=MONTHLY;BYSETPOS=-1", "BYSETPOS"),
      ("FREQ=MONTHLY;BYSETPOS=0;BYDAY=MO", "BYSETPOS"),
      ("FREQ=DAILY;BYSETPOS=367;BYHOUR=9", "BYSETPOS"),
      ("FREQ=MONTHLY;BYWEEKNO=20", "BYWEEKNO"),
      ("FREQ=YEARLY;BYWEEKNO=54", "BYWEEKNO"),
      ("FREQ=YEARLY;BYWEEKNO=0", "BYWEEKNO"),
      ("FREQ=DAILY;BYYEARDAY=100", "BYYEARDAY"),
      ("FREQ=WEEKLY;BYYEARDAY=100", "BYYEARDAY"),
      ("FREQ=MONTHLY;BYYEARDAY=100", "BYYEARDAY"),
      ("FREQ=YEARLY;BYYEARDAY=-367", "BYYEARDAY"),
      ("FREQ=WEEKLY;BYMONTHDAY=1", "BYMONTHDAY"),
      ("FREQ=MONTHLY;BYMONTHDAY=0", "BYMONTHDAY"),
      ("FREQ=DAILY;BYHOUR=24", "BYHOUR"),
      ("FREQ=DAILY;BYHOUR=-1", "BYHOUR"),
      ("FREQ=HOURLY;BYMINUTE=60", "BYMINUTE"),
      ("FREQ=MINUTELY;BYSECOND=61", "BYSECOND"),
      ("FREQ=HOURLY;BYDAY=1MO", "BYDAY"),
      ("FREQ=YEARLY;BYWEEKNO=1;BYDAY=1MO", "BYDAY"),
      ("FREQ=YEARLY;BYMONTH=0", "BYMONTH"),
      ("FREQ=SECONDLY;INTERVAL=0", "INTERVAL"),
    ])
  func refused(rule: String, part: String) {
    let error = #expect(throws: RecurrenceRuleError.self) {
      try RecurrenceRule(parsing: rule)
    }
    #expect(error?.part == part)
    #expect(error?.description.contains(part) == true)
  }

  @Test("the messages say what is wrong")
  func messages() {
    let message = Self.message
    #expect(message("FREQ=HOURLY") == nil)
    #expect(
      message("FREQ=MONTHLY;BYSETPOS=-1")
        == "BYSETPOS=-1 is not allowed without one of BYSECOND, BYMINUTE, BYHOUR, BYDAY, "
        + "BYMONTHDAY, BYYEARDAY, BYWEEKNO, BYMONTH")
    #expect(
      message("FREQ=DAILY;RSCALE=GREGORIAN")
        == "the rule part RSCALE is not supported (only FREQ, UNTIL, COUNT, INTERVAL, "
        + "BYSECOND, BYMINUTE, BYHOUR, BYDAY, BYMONTHDAY, BYYEARDAY, BYWEEKNO, BYMONTH, "
        + "BYSETPOS, WKST)")
    #expect(message("INTERVAL=2") == "the rule has no FREQ")
    #expect(message("FREQ=FORTNIGHTLY") == "'FORTNIGHTLY' is not a valid value for FREQ")
    #expect(message("FREQ=DAILY;INTERVAL=0") == "'0' is not a valid value for INTERVAL")
    #expect(message("FREQ=DAILY;COUNT=x") == "'X' is not a valid value for COUNT")
    #expect(message("FREQ=DAILY;UNTIL=2026") == "'2026' is not a valid value for UNTIL")
    #expect(message("FREQ=MONTHLY;BYDAY=0MO") == "'0MO' is not a valid value for BYDAY")
    #expect(message("FREQ=MONTHLY;BYMONTHDAY=32") == "'32' is not a valid value for BYMONTHDAY")
    #expect(message("FREQ=YEARLY;BYMONTH=13") == "'13' is not a valid value for BYMONTH")
    #expect(message("FREQ=YEARLY;BYYEARDAY=1,,2") == "'1,,2' is not a valid value for BYYEARDAY")
    #expect(message("FREQ=DAILY;BYSECOND=") == "'' is not a valid value for BYSECOND")
    #expect(message("FREQ=DAILY;WKST=XX") == "'XX' is not a valid value for WKST")
    #expect(message("FREQ=DAILY;FREQ=WEEKLY") == "the rule part FREQ is given more than once")
    #expect(
      message("FREQ=DAILY;COUNT=5;UNTIL=20261231") == "COUNT=5 is not allowed with UNTIL")
    #expect(message("FREQ=WEEKLY;BYDAY=1MO") == "BYDAY=1MO is not allowed with FREQ=WEEKLY")
    #expect(message("FREQ=MINUTELY;BYDAY=-1SU") == "BYDAY=-1SU is not allowed with FREQ=MINUTELY")
    #expect(
      message("FREQ=YEARLY;BYWEEKNO=3;BYDAY=2TU") == "BYDAY=2TU is not allowed with BYWEEKNO")
    #expect(
      message("FREQ=WEEKLY;BYMONTHDAY=1") == "BYMONTHDAY=1 is not allowed with FREQ=WEEKLY")
    #expect(
      message("FREQ=MONTHLY;BYYEARDAY=-1") == "BYYEARDAY=-1 is not allowed with FREQ=MONTHLY")
    #expect(message("FREQ=DAILY;BYWEEKNO=1") == "BYWEEKNO=1 is not allowed with FREQ=DAILY")
  }

  // MARK: - Writing

  @Test("the text form is canonical: RFC order, no INTERVAL=1 or WKST=MO, no plus signs")
  func text() throws {
    let rule = try RecurrenceRule(
      parsing: "bysetpos=+1;byday=mo,-1fr;wkst=mo;interval=1;freq=monthly;count=3;byhour=9")
    #expect(rule.text == "FREQ=MONTHLY;COUNT=3;BYHOUR=9;BYDAY=MO,-1FR;BYSETPOS=1")
    #expect(rule.description == rule.text)
    let full =
      "FREQ=YEARLY;UNTIL=20301231T235959Z;INTERVAL=2;BYSECOND=0,30;BYMINUTE=15;BYHOUR=9;"
      + "BYDAY=MO,20TU;BYMONTHDAY=-1;BYYEARDAY=100;BYMONTH=3;BYSETPOS=-1;WKST=SU"
    #expect(try RecurrenceRule(parsing: full).text == full)
  }

  @Test("reading the text form back gives the same rule, for every fixture rule")
  func textRoundTrip() throws {
    for fixture in try DateutilCase.all() {
      let rule = try RecurrenceRule(parsing: fixture.rule)
      #expect(try RecurrenceRule(parsing: rule.text) == rule, "\(fixture.rule)")
    }
  }
}

import ICalendar
import Testing

@Suite("DATE and DATE-TIME values")
struct DateOrDateTimeTests {
  @Test("the four forms are told apart and write their exact text")
  func forms() throws {
    let date = try #require(DateOrDateTime(parsing: "20261124"))
    #expect(date == (try .make(2026, 11, 24)))
    #expect(date.isDate && date.text == "20261124" && date.tzid == nil)

    let floating = try #require(DateOrDateTime(parsing: "20261124T093000"))
    #expect(floating == (try .make(2026, 11, 24, 9, 30, 0, .floating)))
    #expect(floating.text == "20261124T093000")

    let utc = try #require(DateOrDateTime(parsing: "20261124T083000Z", tzid: "Europe/Berlin"))
    #expect(utc.form == .utc && utc.text == "20261124T083000Z")

    let zoned = try #require(DateOrDateTime(parsing: "20261124T093000", tzid: "Europe/Berlin"))
    #expect(zoned.form == .zoned(tzid: "Europe/Berlin"))
    #expect(zoned.tzid == "Europe/Berlin" && zoned.text == "20261124T093000")
    #expect(zoned.description == "TZID=Europe/Berlin:20261124T093000")
  }

  @Test(
    "garbage and impossible days are refused",
    arguments: [
      "", "2026112", "2026-11-24", "20261324", "20260230", "20261124T", "20261124T2500",
      "20261124T250000", "20261124T096000", "20261124T093000z", "20261124X093000", "2026112a",
    ])
  func refuses(text: String) {
    #expect(DateOrDateTime(parsing: text) == nil)
  }

  @Test("leap days and leap seconds")
  func edges() {
    #expect(CalendarDate(year: 2028, month: 2, day: 29) != nil)
    #expect(CalendarDate(year: 2100, month: 2, day: 29) == nil)
    #expect(CalendarDate(year: 2000, month: 2, day: 29) != nil)
    #expect(DateOrDateTime(parsing: "20261231T235960Z")?.text == "20261231T235960Z")
    #expect(CalendarDate(parsing: "00010101")?.description == "00010101")
  }

  @Test("a content line's typed values")
  func lineValues() throws {
    let due = try ContentLine(parsing: "DUE;TZID=America/New_York:20261031T170000")
    #expect(
      due.dateOrDateTimeValue
        == (try .make(2026, 10, 31, 17, 0, 0, .zoned(tzid: "America/New_York"))))
    #expect(try ContentLine(parsing: "PRIORITY:5").integerValue == 5)
    #expect(try ContentLine(parsing: "X-APPLE-SORT-ORDER:-12").integerValue == -12)
    #expect(try ContentLine(parsing: "PRIORITY:high").integerValue == nil)
    #expect(try ContentLine(parsing: #"CATEGORIES:a\,b,c"#).textListValue == ["a,b", "c"])
    #expect(
      ContentLine(name: "DUE", dateOrDateTime: try .make(2026, 11, 24)).description
        == "DUE;VALUE=DATE:20261124")
  }
}

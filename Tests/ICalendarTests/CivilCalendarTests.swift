import Foundation
import ICalendar
import Testing

@Suite("CivilCalendar")
struct CivilCalendarTests {
  @Test("day numbers, dates and weekdays agree with Foundation's calendar over 400 years")
  func agreesWithFoundation() {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    var date = calendar.date(from: DateComponents(year: 1800, month: 1, day: 1, hour: 12))!
    for _ in 0..<((400 * 365 + 97) / 13) {
      let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
      let number = CivilCalendar.dayNumber(year: parts.year!, month: parts.month!, day: parts.day!)
      #expect(number == Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
      #expect(CivilCalendar.weekday(dayNumber: number) == parts.weekday! - 1)
      let civil = CivilCalendar.date(dayNumber: number)
      let expected: [Int] = [parts.year!, parts.month!, parts.day!]
      #expect([civil.year, civil.month, civil.day] == expected)
      date += 13 * 86_400
    }
  }

  @Test("every day of years 0 to 9999 round-trips, and months have their lengths")
  func roundTrips() {
    let first = CivilCalendar.dayNumber(year: 0, month: 1, day: 1)
    let last = CivilCalendar.dayNumber(year: 9999, month: 12, day: 31)
    var expected = (year: 0, month: 1, day: 1)
    for number in first...last {
      let civil = CivilCalendar.date(dayNumber: number)
      guard civil == expected else {
        Issue.record("day \(number) is \(civil), expected \(expected)")
        return
      }
      expected.day += 1
      if expected.day > CivilCalendar.daysInMonth(expected.month, of: expected.year) {
        (expected.day, expected.month) = (1, expected.month + 1)
        if expected.month > 12 { (expected.month, expected.year) = (1, expected.year + 1) }
      }
    }
    #expect(CivilCalendar.daysInMonth(2, of: 1900) == 28)
    #expect(CivilCalendar.daysInMonth(2, of: 2000) == 29)
    #expect(CivilCalendar.daysInMonth(2, of: 2024) == 29)
    #expect(CivilCalendar.daysInMonth(4, of: 2026) == 30)
  }
}

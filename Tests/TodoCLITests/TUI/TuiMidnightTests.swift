import Foundation
import Testing

@testable import todo

/// `todo tui` tells its page the time zone again just past each midnight, so that "Today"
/// and "overdue" follow the date as on the web page.
@Suite("todo tui: the page reads the day again at midnight")
struct TuiMidnightTests {
  static func calendar(_ zone: String) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: zone)!
    return calendar
  }

  static func date(_ calendar: Calendar, _ parts: DateComponents) -> Date {
    calendar.date(from: parts)!
  }

  @Test("one second past the terminal's next midnight, on short days too")
  func nextMidnight() {
    let berlin = Self.calendar("Europe/Berlin")
    let late = Self.date(
      berlin, DateComponents(year: 2026, month: 11, day: 27, hour: 23, minute: 59, second: 30))
    #expect(TuiApp.secondsToMidnight(after: late, in: berlin) == 31)
    let morning = Self.date(berlin, DateComponents(year: 2026, month: 11, day: 27, hour: 6))
    #expect(TuiApp.secondsToMidnight(after: morning, in: berlin) == 18 * 60 * 60 + 1)
    // The day the clocks go forward has 23 hours.
    let spring = Self.date(berlin, DateComponents(year: 2026, month: 3, day: 29, hour: 0))
    #expect(TuiApp.secondsToMidnight(after: spring, in: berlin) == 23 * 60 * 60 + 1)
    // In another zone, its own midnight.
    let tokyo = Self.calendar("Asia/Tokyo")
    #expect(TuiApp.secondsToMidnight(after: late, in: tokyo) == 16 * 60 * 60 + 31)
  }
}

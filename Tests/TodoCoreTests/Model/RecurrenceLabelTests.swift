import Foundation
import ICalendar
import PropertyBased
import Testing

@testable import TodoCore

@Suite("Recurrence: labels")
struct RecurrenceLabelTests {
  /// Whether this build's RecurrenceRule evaluates hourly rules.
  static let readsHourlyRules = (try? RecurrenceRule(parsing: "FREQ=HOURLY")) != nil

  @Test(
    "rules read as a person says them",
    arguments: [
      ("FREQ=DAILY", "every day"),
      ("FREQ=DAILY;INTERVAL=3", "every 3 days"),
      ("FREQ=WEEKLY", "every week"),
      ("FREQ=WEEKLY;INTERVAL=2", "every 2 weeks"),
      ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "every weekday"),
      ("FREQ=WEEKLY;BYDAY=SA,SU", "every weekend"),
      ("FREQ=WEEKLY;BYDAY=MO", "every Monday"),
      ("FREQ=WEEKLY;BYDAY=MO,TH", "every Monday and Thursday"),
      ("FREQ=WEEKLY;BYDAY=MO,WE,FR", "every Monday, Wednesday and Friday"),
      ("FREQ=WEEKLY;BYDAY=TU,MO,WE,TH,FR", "every Tuesday, Monday, Wednesday, Thursday and Friday"),
      ("FREQ=WEEKLY;INTERVAL=2;BYDAY=FR", "every 2 weeks on Friday"),
      ("FREQ=WEEKLY;BYDAY=MO;WKST=MO", "every Monday"),
      ("FREQ=MONTHLY", "every month"),
      ("FREQ=MONTHLY;BYMONTHDAY=1", "every month on the 1st"),
      ("FREQ=MONTHLY;BYMONTHDAY=2", "every month on the 2nd"),
      ("FREQ=MONTHLY;BYMONTHDAY=13", "every month on the 13th"),
      ("FREQ=MONTHLY;BYMONTHDAY=23", "every month on the 23rd"),
      ("FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=-1", "every 3 months on the last day"),
      ("FREQ=MONTHLY;BYDAY=-1FR", "every month on the last Friday"),
      ("FREQ=MONTHLY;BYDAY=2TU", "every month on the second Tuesday"),
      ("FREQ=YEARLY", "every year"),
      ("FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=15", "every year on 15 January"),
      ("FREQ=WEEKLY;COUNT=10", "every week, 10 times"),
      ("FREQ=DAILY;COUNT=1", "every day, 1 time"),
      ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20270301", "every weekday, until 1 Mar 2027"),
      ("FREQ=DAILY;UNTIL=20270301T225959Z", "every day, until 1 Mar 2027 22:59 UTC"),
    ])
  func phrased(_ rule: String, _ label: String) throws {
    #expect(try Recurrence(rule: rule).label == label)
  }

  @Test("a repeat after completion says so")
  func afterDone() throws {
    let recurrence = try Recurrence(rule: "FREQ=DAILY;INTERVAL=3", mode: .afterCompletion)
    #expect(recurrence.label == "every 3 days after done")
  }

  @Test(
    "rules the phrases cannot say are shown as their text",
    arguments: [
      "FREQ=MONTHLY;BYMONTHDAY=1,15", "FREQ=MONTHLY;BYMONTHDAY=-2", "FREQ=YEARLY;BYMONTH=3",
      "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;WKST=SU", "FREQ=MONTHLY;BYDAY=MO",
      "FREQ=MONTHLY;BYDAY=1MO,3MO", "FREQ=DAILY;BYDAY=MO,FR", "FREQ=YEARLY;BYDAY=20MO",
      "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=WEEKLY;BYDAY=MO,MO",
    ])
  func generic(_ rule: String) throws {
    #expect(try Recurrence(rule: rule).label == "repeats: " + rule)
  }

  @Test("parts the phrases do not know are never dropped")
  func unknownParts() throws {
    let rule = "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"
    // RecurrenceRule refuses BYSETPOS until it evaluates every RFC 5545 part.
    guard let recurrence = try? Recurrence(rule: rule) else { return }
    #expect(recurrence.label == "repeats: " + rule)
  }

  @Test("the deadline's time follows what repeats")
  func withTime() throws {
    let nine = try Deadline(parsing: "2026-11-30T09:00")
    let weekly = try Recurrence(rule: "FREQ=WEEKLY;BYDAY=MO")
    #expect(weekly.label(at: nine) == "every Monday 09:00")
    #expect(weekly.label(at: try Deadline(parsing: "2026-11-30")) == "every Monday")
    #expect(weekly.label(at: nil) == "every Monday")
    let counted = try Recurrence(rule: "FREQ=DAILY;INTERVAL=3;COUNT=5", mode: .afterCompletion)
    #expect(counted.label(at: nine) == "every 3 days 09:00 after done, 5 times")
    let other = try Recurrence(rule: "FREQ=MONTHLY;BYMONTHDAY=1,15")
    #expect(other.label(at: nine) == "repeats: FREQ=MONTHLY;BYMONTHDAY=1,15, at 09:00")
  }

  @Test("hourly rules", .enabled(if: readsHourlyRules))
  func hourly() throws {
    #expect(try Recurrence(rule: "FREQ=HOURLY").label == "every hour")
    #expect(try Recurrence(rule: "FREQ=HOURLY;INTERVAL=2").label == "every 2 hours")
  }

  @Test func quickEntryReadsBackEveryLabel() async throws {
    let now = QuickEntryTests.now
    await propertyCheck(count: 500, input: Gen.uint64()) { seed in
      var random = Xoshiro(seed: (seed, 0x9E37_79B9_7F4A_7C15, 1, 2))
      let recurrence = try Self.randomRecurrence(using: &random)
      let deadline =
        Bool.random(using: &random)
        ? nil
        : try Deadline(
          year: 2026, month: 12, day: 1, hour: Int.random(in: 0...23, using: &random),
          minute: Int.random(in: 0...59, using: &random))
      let label = recurrence.label(at: deadline)
      #expect(!label.hasPrefix("repeats:"), "\(recurrence.ruleText)")
      let entry = QuickEntry(parsing: "x " + label, now: now, calendar: .utcGregorian)
      #expect(entry.recurrence?.rule == recurrence.rule, "\(label)")
      #expect(entry.recurrence?.mode == recurrence.mode, "\(label)")
      #expect(entry.title == "x", "\(label)")
      #expect(entry.phrase == label)
      // An hourly repeat with no time named starts at the next hour.
      if deadline != nil || recurrence.rule.frequency.rawValue != "HOURLY" {
        #expect(entry.deadline?.timeText == deadline?.timeText, "\(label)")
      }
    }
  }

  /// A repeat the phrases can say: any frequency, interval, days, count or end, and mode.
  static func randomRecurrence(using random: inout Xoshiro) throws -> Recurrence {
    func pick(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    let weekdays = RecurrenceRule.Weekday.allCases.map(\.code)
    let interval = pick(0...1) == 0 ? 1 : pick(1...30)
    var parts: [String]
    switch pick(0...(readsHourlyRules ? 4 : 3)) {
    case 0:
      parts = ["FREQ=DAILY"]
    case 1:
      parts = ["FREQ=WEEKLY"]
      let days = weekdays.shuffled(using: &random).prefix(pick(0...7))
      if pick(0...3) == 0 {
        parts.append("BYDAY=" + (pick(0...1) == 0 ? "MO,TU,WE,TH,FR" : "SA,SU"))
      } else if !days.isEmpty {
        parts.append("BYDAY=" + days.joined(separator: ","))
      }
    case 2:
      parts = ["FREQ=MONTHLY"]
      switch pick(0...2) {
      case 0: break
      case 1: parts.append("BYMONTHDAY=\([-1, pick(1...31)][pick(0...1)])")
      default: parts.append("BYDAY=\([-1, pick(1...5)][pick(0...1)])" + weekdays[pick(0...6)])
      }
    case 3:
      parts = ["FREQ=YEARLY"]
      if pick(0...2) > 0 {
        let month = pick(1...12)
        parts.append("BYMONTH=\(month)")
        parts.append("BYMONTHDAY=\(pick(1...CivilCalendar.daysInMonth(month, of: 2000)))")
      }
    default:
      parts = ["FREQ=HOURLY"]
    }
    if interval > 1 || pick(0...3) == 0 { parts.append("INTERVAL=\(interval)") }
    switch pick(0...2) {
    case 0: parts.append("COUNT=\(pick(0...1) == 0 ? pick(1...20) : pick(1...9999))")
    case 1:
      let year = pick(2020...2035)
      let month = pick(1...12)
      let day = pick(1...CivilCalendar.daysInMonth(month, of: year))
      parts.append(String(format: "UNTIL=%04d%02d%02d", year, month, day))
    default: break
    }
    return try Recurrence(
      rule: parts.shuffled(using: &random).joined(separator: ";"),
      mode: pick(0...1) == 0 ? .schedule : .afterCompletion)
  }
}

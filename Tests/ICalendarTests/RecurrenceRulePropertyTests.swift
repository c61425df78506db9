import ICalendar
import Testing

@Suite("RRULE: properties of every fixture rule, and wall-clock times across DST")
struct RecurrenceRulePropertyTests {
  /// Berlin's offsets as a time zone database gives them: UTC+1, and UTC+2 from the last
  /// Sunday of March at 02:00 to the last Sunday of October at 03:00. The skipped hour
  /// (02:00 to 03:00 in March) gets the offset before the gap, the repeated one (02:00 to 03:00
  /// in October) that of its first occurrence, as RFC 5545 reads such times.
  static let berlin: RecurrenceRule.UTCOffset = { tzid, date, time in
    guard tzid == "Europe/Berlin" else { return nil }
    func lastSunday(_ month: Int) -> Int {
      let last = CivilCalendar.dayNumber(year: date.year, month: month, day: 31)
      return last - CivilCalendar.weekday(dayNumber: last)
    }
    let day = CivilCalendar.dayNumber(year: date.year, month: date.month, day: date.day)
    let (spring, autumn) = (lastSunday(3), lastSunday(10))
    if day == spring { return time.hour < 3 ? 3_600 : 7_200 }
    if day == autumn { return time.hour < 3 ? 7_200 : 3_600 }
    return day > spring && day < autumn ? 7_200 : 3_600
  }

  /// The fixture's rules with their starts, and their first 16 occurrences.
  static func series() throws -> [(DateutilCase, RecurrenceRule, DateOrDateTime, [DateOrDateTime])]
  {
    try DateutilCase.all().map { fixture in
      let rule = try RecurrenceRule(parsing: fixture.rule)
      let start = try #require(DateOrDateTime(parsing: fixture.start))
      return (fixture, rule, start, Array(rule.occurrences(from: start).prefix(16)))
    }
  }

  // MARK: - Every rule

  @Test("occurrences are strictly increasing, and occurrence(after:) and nextDue chain them")
  func chains() throws {
    for (fixture, rule, start, found) in try Self.series() {
      let seconds = found.map(DateutilCase.seconds)
      #expect(zip(seconds, seconds.dropFirst()).allSatisfy { $0 < $1 }, "\(fixture.rule)")
      #expect(found.first == start, "\(fixture.rule)")
      for (occurrence, next) in zip(found, found.dropFirst()).prefix(8) {
        #expect(rule.occurrence(after: occurrence, start: start) == next, "\(fixture.rule)")
        #expect(rule.nextDue(after: occurrence, start: start) == next, "\(fixture.rule)")
      }
      if found.count < 16, let last = found.last {
        #expect(rule.occurrence(after: last, start: start) == nil, "\(fixture.rule)")
      }
    }
  }

  @Test("occurrences(from:notBefore:) are the occurrences from that value on, each rule")
  func notBefore() throws {
    for (fixture, rule, start, found) in try Self.series() where found.count > 2 {
      for index in [1, found.count / 2, found.count - 1] {
        let bound = found[index]
        let resumed = Array(
          rule.occurrences(from: start, notBefore: bound).prefix(found.count - index))
        #expect(resumed == Array(found[index...]), "\(fixture.rule) from \(bound)")
      }
    }
  }

  @Test("COUNT gives exactly the first COUNT occurrences, and UNTIL those up to it")
  func countAndUntil() throws {
    var random = SplitMix(seed: 5_545)
    for (fixture, rule, start, found) in try Self.series()
    where rule.count == nil && rule.until == nil {
      let count = 1 + random.next(14)
      let counted = try RecurrenceRule(parsing: fixture.rule + ";COUNT=\(count)")
      #expect(Array(counted.occurrences(from: start)) == Array(found.prefix(count)))
      guard found.count > 4 else { continue }
      let last = found[1 + random.next(found.count - 2)]
      let until = try RecurrenceRule(parsing: fixture.rule + ";UNTIL=" + last.text)
      let bounded = Array(until.occurrences(from: start).prefix(16))
      #expect(
        bounded == Array(found.prefix { DateutilCase.seconds($0) <= DateutilCase.seconds(last) }))
      #expect(bounded.last == last, "\(fixture.rule) until \(last.text)")
    }
  }

  @Test("exceptions thin the series, and COUNT counts them")
  func exceptions() throws {
    for (fixture, rule, start, found) in try Self.series() where found.count > 4 {
      let left = Set([found[1], found[3]])
      let thinned = Array(rule.occurrences(from: start, exceptions: left).prefix(14))
      #expect(thinned == Array(found.filter { !left.contains($0) }.prefix(14)), "\(fixture.rule)")
      guard rule.until == nil else { continue }
      let five = try RecurrenceRule(
        parsing: fixture.rule.replacing(/;COUNT=\d+/, with: "") + ";COUNT=5")
      #expect(
        Array(five.occurrences(from: start, exceptions: left)) == [found[0], found[2], found[4]],
        "\(fixture.rule)")
    }
  }

  // MARK: - Daylight saving time

  @Test(
    "a rule at 09:00 in Berlin stays at 09:00 through both changes of the clocks",
    arguments: [
      "FREQ=DAILY", "FREQ=WEEKLY;BYDAY=SU,MO", "FREQ=MONTHLY;BYDAY=-1SU",
      "FREQ=YEARLY;BYMONTH=3,10;BYDAY=-1SU", "FREQ=HOURLY;INTERVAL=24",
      "FREQ=MINUTELY;INTERVAL=1440;BYDAY=SU",
    ])
  func wallClock(rule text: String) throws {
    let rule = try RecurrenceRule(parsing: text + ";UNTIL=20271231T230000Z")
    let start = try #require(DateOrDateTime(parsing: "20260301T090000", tzid: "Europe/Berlin"))
    let found = Array(rule.occurrences(from: start, utcOffset: Self.berlin))
    #expect(found.count >= 5)
    #expect(found.allSatisfy { $0.text.hasSuffix("T090000") && $0.tzid == "Europe/Berlin" })
    // Both Sundays the clocks change on are occurrences of the rules that have Sundays.
    if !text.contains("MO") || text.contains("SU") {
      #expect(found.contains { $0.text == "20261025T090000" }, "\(text)")
    }
  }

  @Test("a UTC UNTIL is compared with each occurrence's offset: UTC+1 in winter, +2 in summer")
  func untilAcrossChanges() throws {
    let start = try #require(DateOrDateTime(parsing: "20260301T090000", tzid: "Europe/Berlin"))
    for (until, last) in [
      ("20260701T070000Z", "20260701T090000"), ("20260701T065959Z", "20260630T090000"),
      ("20261101T080000Z", "20261101T090000"), ("20261101T075959Z", "20261031T090000"),
    ] {
      let rule = try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=" + until)
      #expect(Array(rule.occurrences(from: start, utcOffset: Self.berlin)).last?.text == last)
    }
  }

  @Test("an hourly rule keeps the skipped 02:00 as written, read as 03:00, and one 02:00 in autumn")
  func hourlyAcrossChanges() throws {
    let spring = try #require(DateOrDateTime(parsing: "20260329T000000", tzid: "Europe/Berlin"))
    // 02:00 does not exist that night; read with the offset before the gap, it is 01:00 UTC,
    // the same instant as 03:00.
    let springRule = try RecurrenceRule(parsing: "FREQ=HOURLY;UNTIL=20260329T010000Z")
    #expect(
      springRule.occurrences(from: spring, utcOffset: Self.berlin).map(\.text) == [
        "20260329T000000", "20260329T010000", "20260329T020000", "20260329T030000",
      ])
    let autumn = try #require(DateOrDateTime(parsing: "20261025T000000", tzid: "Europe/Berlin"))
    let autumnRule = try RecurrenceRule(parsing: "FREQ=HOURLY;UNTIL=20261025T013000Z")
    #expect(
      autumnRule.occurrences(from: autumn, utcOffset: Self.berlin).map(\.text) == [
        "20261025T000000", "20261025T010000", "20261025T020000",
      ])
  }
}

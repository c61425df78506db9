/// A rule applied to a start: the instances each of its periods gives, as wall-clock times,
/// before `COUNT`, `UNTIL` and exceptions are applied (``RecurrenceRule/Occurrences``).
///
/// Period 0 holds the start; period `k` is `k × INTERVAL` years, months, weeks (from
/// `WKST`), days, hours, minutes or seconds later. Within a period, the day-level parts
/// (`BYMONTH`, `BYWEEKNO`, `BYYEARDAY`, `BYMONTHDAY`, `BYDAY`) pick its days and the
/// time-level ones (`BYHOUR`, `BYMINUTE`, `BYSECOND`) its times; a part expands when its unit
/// is shorter than the period and limits otherwise, which is RFC 5545's table: both amount to
/// keeping the candidates of the period that every part given accepts. The parts a rule
/// leaves out come from the start, as RFC 5545 says: a yearly rule with no day-level part
/// falls on the start's month and day, a monthly one on its day, a weekly one on its weekday,
/// and every rule of a day or longer at the start's time.
///
/// Periods are computed one at a time, so a yearly rule costs one step a year; hourly and
/// finer rules skip whole days their day-level parts refuse, and the hours, minutes or seconds
/// their time-level parts refuse, without visiting them.
struct RecurrenceExpansion: Sendable {
  let frequency: RecurrenceRule.Frequency
  /// `INTERVAL`, capped where a larger one could not give a second period before 9999.
  let interval: Int
  /// The start's day and time (midnight for a DATE).
  let start: LocalInstant
  /// Whether the start is a DATE: time-level parts are then ignored (RFC 5545 says so of
  /// `BYHOUR`, `BYMINUTE` and `BYSECOND`), and only instances at midnight are whole days.
  let isDate: Bool
  let weekStart: RecurrenceRule.Weekday

  // Day-level parts, with the start's defaults.
  let months: [Int]
  let monthDays: [Int]
  let yearDays: [Int]
  let weekNumbers: [Int]
  let weekdays: [RecurrenceRule.WeekdayNumber]
  /// Whether `BYDAY` ordinals count within the month (monthly rules, and yearly ones with
  /// `BYMONTH`) rather than within the year.
  let ordinalsInMonth: Bool
  /// Whether any day-level part can refuse a day.
  let hasDayFilter: Bool

  // Time-level parts, sorted; empty when not given (or for a DATE start).
  let hours: [Int]
  let minutes: [Int]
  let seconds: [Int]
  /// The times of each day of a period of a day or longer: `BYHOUR` × `BYMINUTE` ×
  /// `BYSECOND`, each defaulting to the start's.
  let dayTimes: [TimeOfDay]
  let setPositions: [Int]

  /// The last day a period may reach: 9999-12-31.
  static let lastDay = CivilCalendar.dayNumber(year: 9_999, month: 12, day: 31)
  /// The days of one Gregorian cycle of 400 years, after which dates and weekdays repeat.
  static let cycleDays = 146_097

  init(rule: RecurrenceRule, start value: DateOrDateTime) {
    frequency = rule.frequency
    start = LocalInstant(value)
    isDate = value.isDate
    weekStart = rule.weekStart
    // One period of a longer interval would already pass the year 9999.
    interval = min(rule.interval, 10_000 * 366 * 86_400 / Self.unitSeconds(rule.frequency))

    let date = value.date
    var months = rule.byMonth
    var monthDays = rule.byMonthDay
    var weekdays = rule.byDay
    if rule.byWeekNo.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty
      && rule.byDay.isEmpty
    {
      switch rule.frequency {
      case .yearly:
        if months.isEmpty { months = [date.month] }
        monthDays = [date.day]
      case .monthly: monthDays = [date.day]
      case .weekly: weekdays = [RecurrenceRule.WeekdayNumber(nil, date.weekday)]
      default: break
      }
    }
    self.months = months
    self.monthDays = monthDays
    self.weekdays = weekdays
    yearDays = rule.byYearDay
    weekNumbers = rule.byWeekNo
    ordinalsInMonth = rule.frequency == .monthly || !rule.byMonth.isEmpty
    hasDayFilter =
      !(months.isEmpty && monthDays.isEmpty && yearDays.isEmpty && weekNumbers.isEmpty
      && weekdays.isEmpty)

    let sorted = { (values: [Int]) in value.isDate ? [] : Set(values).sorted() }
    hours = sorted(rule.byHour)
    minutes = sorted(rule.byMinute)
    seconds = sorted(rule.bySecond)
    let time = start.time
    dayTimes = Self.times(
      hours.isEmpty ? [time.hour] : hours, minutes.isEmpty ? [time.minute] : minutes,
      seconds.isEmpty ? [time.second] : seconds)
    setPositions = rule.bySetPos
  }

  // MARK: - Periods

  /// The instances of period `period`, or `nil` when it begins after 9999.
  func instants(inPeriod period: Int) -> PeriodInstants? {
    let days: [Int]
    var times = dayTimes
    switch frequency {
    case .yearly:
      let year = start.civil.year + period * interval
      guard year <= 9_999 else { return nil }
      days = (months.isEmpty ? Array(1...12) : Set(months).sorted()).flatMap {
        self.days(ofMonth: $0, of: year)
      }
    case .monthly:
      let index = startMonthIndex + period * interval
      guard index / 12 <= 9_999 else { return nil }
      days = self.days(ofMonth: index % 12 + 1, of: index / 12)
    case .weekly:
      let first = startWeek + 7 * interval * period
      guard first <= Self.lastDay else { return nil }
      days = (first..<min(first + 7, Self.lastDay + 1)).filter(matches)
    case .daily:
      let day = start.day + period * interval
      guard day <= Self.lastDay else { return nil }
      days = matches(day) ? [day] : []
    case .hourly, .minutely, .secondly:
      let instant = LocalInstant(seconds: start.seconds + period * step)
      guard instant.day <= Self.lastDay else { return nil }
      days = matches(instant.day) ? [instant.day] : []
      times = self.times(inPeriodAt: instant.time.secondOfDay)
    }
    if isDate { times = times.filter { $0 == .midnight } }
    return PeriodInstants(days: days, times: times, setPositions: setPositions)
  }

  /// The first period that may hold instances at or after `instant` (the one holding it, or
  /// 0 before the start): where to resume without going through the periods before.
  func period(containing instant: LocalInstant) -> Int {
    let distance: Int
    switch frequency {
    case .yearly:
      distance = (instant.civil.year - start.civil.year).floorDivided(by: interval)
    case .monthly:
      let date = instant.civil
      distance = (date.year * 12 + date.month - 1 - startMonthIndex).floorDivided(by: interval)
    case .weekly: distance = (instant.day - startWeek).floorDivided(by: 7 * interval)
    case .daily: distance = (instant.day - start.day).floorDivided(by: interval)
    case .hourly, .minutely, .secondly:
      distance = (instant.seconds - start.seconds).floorDivided(by: step)
    }
    return max(0, distance)
  }

  /// How many periods in a row may give no instance before the rule is known to give none
  /// again: after that many, the periods are those of a whole 400-year Gregorian cycle, at
  /// the same times of day.
  var emptyPeriodLimit: Int {
    switch frequency {
    case .yearly: 400 / interval.greatestCommonDivisor(400)
    case .monthly: 4_800 / interval.greatestCommonDivisor(4_800)
    case .weekly: Self.cycleDays / (7 * interval).greatestCommonDivisor(Self.cycleDays)
    case .daily: Self.cycleDays / interval.greatestCommonDivisor(Self.cycleDays)
    case .hourly, .minutely, .secondly:
      Self.cycleDays * 86_400 / step.greatestCommonDivisor(Self.cycleDays * 86_400)
    }
  }

  // MARK: - Units

  /// The length of a period of an hourly or finer rule, in seconds.
  var step: Int {
    interval * Self.unitSeconds(frequency)
  }

  /// The length of the unit of a frequency in seconds, one day for a day or longer.
  private static func unitSeconds(_ frequency: RecurrenceRule.Frequency) -> Int {
    switch frequency {
    case .secondly: 1
    case .minutely: 60
    case .hourly: 3_600
    default: 86_400
    }
  }

  /// The start's month counted from the year 0 (0 is January of the year 0).
  private var startMonthIndex: Int {
    start.civil.year * 12 + start.civil.month - 1
  }

  /// The first day of the start's week.
  var startWeek: Int {
    start.day - (RecurrenceRule.Weekday(dayNumber: start.day).rawValue - weekStart.rawValue + 7) % 7
  }

  /// Every combination of an hour, a minute and a second, in order.
  static func times(_ hours: [Int], _ minutes: [Int], _ seconds: [Int]) -> [TimeOfDay] {
    hours.flatMap { hour in
      minutes.flatMap { minute in
        seconds.map { TimeOfDay(hour: hour, minute: minute, second: $0)! }
      }
    }
  }
}

extension LocalInstant {
  /// The year, month and day of the day.
  var civil: (year: Int, month: Int, day: Int) {
    CivilCalendar.date(dayNumber: day)
  }
}

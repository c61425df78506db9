/// A wall-clock time on a day, with no time zone: what a rule's instances are computed as,
/// before they take the form (date, floating, UTC or zoned) of the rule's start.
struct LocalInstant: Hashable, Comparable, Sendable {
  /// The day number (days from 1970-01-01).
  var day: Int
  /// The time of day.
  var time: TimeOfDay

  init(day: Int, time: TimeOfDay) {
    self.day = day
    self.time = time
  }

  /// A value's day and time on its own wall clock; a DATE is at midnight.
  init(_ value: DateOrDateTime) {
    self.init(day: value.date.dayNumber, time: value.time ?? .midnight)
  }

  /// The instant `seconds` seconds after 1970-01-01T00:00:00 on the wall clock.
  init(seconds: Int) {
    let day = seconds.floorDivided(by: 86_400)
    let second = seconds - day * 86_400
    self.init(day: day, time: TimeOfDay(secondOfDay: second))
  }

  /// Seconds after 1970-01-01T00:00:00 on the wall clock, with no leap seconds (`…T235960`
  /// is the next midnight).
  var seconds: Int {
    day * 86_400 + time.secondOfDay
  }

  static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.day, lhs.time) < (rhs.day, rhs.time)
  }
}

/// The instances a rule gives in one of its periods (a year, month, week, day, hour, minute
/// or second): every one of `days` at every one of `times`, in order, or only those at the
/// rule's `BYSETPOS` positions among them.
///
/// The instances are not stored: a yearly rule at every second of every day would have 31
/// million in a period, and `BYSETPOS` only needs their number.
struct PeriodInstants {
  /// The period's days that the rule gives, ascending.
  let days: [Int]
  /// The times of each day, ascending.
  let times: [TimeOfDay]
  /// The `BYSETPOS` indexes into days × times, ascending; `nil` for all.
  private let positions: [Int]?

  /// - Parameter setPositions: The rule's `BYSETPOS` (1 the first, -1 the last), or none.
  init(days: [Int], times: [TimeOfDay], setPositions: [Int]) {
    self.days = days
    self.times = times
    guard !setPositions.isEmpty else {
      positions = nil
      return
    }
    let total = days.count * times.count
    let indexes = setPositions.map { $0 > 0 ? $0 - 1 : total + $0 }.filter {
      (0..<total).contains($0)
    }
    positions = Set(indexes).sorted()
  }

  /// How many instances the period has.
  var count: Int {
    positions?.count ?? days.count * times.count
  }

  /// The instance at `index` (0 the first).
  subscript(index: Int) -> LocalInstant {
    let position = positions?[index] ?? index
    return LocalInstant(day: days[position / times.count], time: times[position % times.count])
  }

  /// The index of the first instance after `instant`, or ``count`` when there is none.
  func firstIndex(after instant: LocalInstant) -> Int {
    if positions != nil {
      return (0..<count).first { self[$0] > instant } ?? count
    }
    guard let day = days.firstIndex(where: { $0 >= instant.day }) else { return count }
    guard days[day] == instant.day else { return day * times.count }
    return day * times.count + (times.firstIndex { $0 > instant.time } ?? times.count)
  }
}

extension TimeOfDay {
  /// 00:00:00.
  static let midnight = TimeOfDay(hour: 0, minute: 0)!

  /// The time `second` seconds after midnight (0 to 86 399).
  init(secondOfDay second: Int) {
    self.init(hour: second / 3_600, minute: second / 60 % 60, second: second % 60)!
  }

  /// Seconds after midnight.
  var secondOfDay: Int {
    hour * 3_600 + minute * 60 + second
  }
}

extension Int {
  /// The quotient rounded down (towards minus infinity), for a positive divisor.
  func floorDivided(by divisor: Int) -> Int {
    let quotient = self / divisor
    return self % divisor < 0 ? quotient - 1 : quotient
  }

  /// The quotient rounded up, for a positive divisor.
  func ceilingDivided(by divisor: Int) -> Int {
    -(-self).floorDivided(by: divisor)
  }

  /// The greatest common divisor of two numbers, not both zero.
  func greatestCommonDivisor(_ other: Int) -> Int {
    var (a, b) = (abs(self), abs(other))
    while b != 0 { (a, b) = (b, a % b) }
    return a
  }
}

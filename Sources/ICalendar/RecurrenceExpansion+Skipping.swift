// MARK: - The next period that can give an instance

extension RecurrenceExpansion {
  /// The first period after `period` that may give an instance, or `nil` when none can up
  /// to period `limit` or before the year 9999.
  ///
  /// Daily and finer rules pass over the periods whose day a day-level part refuses, and
  /// hourly and finer ones the periods whose hour, minute or second a time-level part
  /// refuses, without computing them; a rule whose periods' times of day can never be
  /// accepted ends at once.
  func nextPeriod(after period: Int, through limit: Int) -> Int? {
    var period = period + 1
    switch frequency {
    case .yearly, .monthly, .weekly:
      return period <= limit ? period : nil
    case .daily:
      while period <= limit {
        let day = start.day + period * interval
        guard day <= Self.lastDay else { return nil }
        if matches(day) { return period }
        period += 1
      }
      return nil
    case .hourly, .minutely, .secondly:
      while period <= limit {
        let instant = LocalInstant(seconds: start.seconds + period * step)
        guard instant.day <= Self.lastDay else { return nil }
        if !matches(instant.day) {
          guard let day = nextMatchingDay(after: instant.day) else { return nil }
          period = (day * 86_400 - start.seconds).ceilingDivided(by: step)
          continue
        }
        let second = instant.time.secondOfDay
        if !acceptsTime(second) {
          guard let periods = periodsToAcceptedTime(from: second) else { return nil }
          period += periods
          continue
        }
        return period
      }
      return nil
    }
  }

  /// The times of the period of an hourly or finer rule that begins at `second` (seconds
  /// after midnight): none when a time-level part refuses it, else its hour with each
  /// `BYMINUTE` and `BYSECOND` (hourly), or its minute with each `BYSECOND` (minutely), or
  /// itself (secondly).
  func times(inPeriodAt second: Int) -> [TimeOfDay] {
    guard acceptsTime(second) else { return [] }
    let time = TimeOfDay(secondOfDay: second)
    let seconds = self.seconds.isEmpty ? [start.time.second] : self.seconds
    switch frequency {
    case .hourly:
      return Self.times([time.hour], minutes.isEmpty ? [start.time.minute] : minutes, seconds)
    case .minutely:
      return Self.times([time.hour], [time.minute], seconds)
    default:
      return [time]
    }
  }

  /// Whether the time-level parts that limit the rule's periods accept a period beginning
  /// `second` seconds after midnight: `BYHOUR` for hourly and finer rules, `BYMINUTE` for
  /// minutely and finer, `BYSECOND` for secondly. A DATE start only has whole days.
  private func acceptsTime(_ second: Int) -> Bool {
    if isDate { return second == 0 }
    let time = TimeOfDay(secondOfDay: second)
    return (hours.isEmpty || hours.contains(time.hour))
      && (frequency == .hourly || minutes.isEmpty || minutes.contains(time.minute))
      && (frequency != .secondly || seconds.isEmpty || seconds.contains(time.second))
  }

  /// How many periods on the first one whose time of day the time-level parts accept is,
  /// from one beginning `second` seconds after midnight; `nil` when the times of day the
  /// periods go through (a cycle of at most a day) have none.
  private func periodsToAcceptedTime(from second: Int) -> Int? {
    let shift = step % 86_400
    guard shift != 0 else { return nil }
    var current = second
    for periods in 1...(86_400 / shift.greatestCommonDivisor(86_400)) {
      current = (current + shift) % 86_400
      if acceptsTime(current) { return periods }
    }
    return nil
  }

  /// The first day after `day` that every day-level part accepts, or `nil` when none does
  /// before 9999 or in a whole 400-year cycle.
  private func nextMatchingDay(after day: Int) -> Int? {
    var next = day + 1
    while next <= min(Self.lastDay, day + Self.cycleDays) {
      if matches(next) { return next }
      next += 1
    }
    return nil
  }
}

// MARK: - All occurrences, lazily

extension RecurrenceRule {
  /// The occurrences of the rule from `start`, in order, computed one at a time as they are
  /// asked for.
  ///
  /// The first is `start`, which RFC 5545 always counts as the first occurrence; then come
  /// the instances the rule gives after it, each at its own date and time (the start's time
  /// unless a time-level part gives others) and in the form of `start` (date, floating, UTC
  /// or zoned); up to `COUNT` in all and none after `UNTIL`. An instance whose date the
  /// calendar lacks is skipped, not moved: a monthly rule from January 31 gives March 31
  /// next. `exceptions` (the `EXDATE` values) are left out but still counted by `COUNT`, as
  /// RFC 5545 says; a DATE exception leaves out every occurrence on its day.
  ///
  /// ```swift
  /// let rule = try RecurrenceRule(parsing: "FREQ=HOURLY;INTERVAL=3;COUNT=4")
  /// let start = DateOrDateTime(parsing: "20261124T090000")!
  /// rule.occurrences(from: start).map(\.text)
  /// // ["20261124T090000", "20261124T120000", "20261124T150000", "20261124T180000"]
  /// ```
  ///
  /// Times are wall-clock times: an hourly rule at a zoned start goes through each hour as
  /// the zone's clocks show it, and a daily one at 09:00 stays at 09:00 when the zone's
  /// offset changes. A time the zone skips or repeats is kept as written and read as RFC 5545
  /// reads such a DATE-TIME when compared with a UTC `UNTIL` or exception (``UTCOffset``).
  ///
  /// - Parameters:
  ///   - start: The first occurrence: the `DTSTART` (or, for a todo without one, the `DUE`).
  ///   - exceptions: Occurrences to leave out (`EXDATE`).
  ///   - utcOffset: The UTC offsets of time zones, if the caller knows them.
  /// - Complexity: Each occurrence costs O(p) in the number of periods (`INTERVAL` years,
  ///   months, weeks, days…) from the one before; hourly and finer rules pass over the days
  ///   and times of day their `BY…` parts refuse without visiting their periods. A rule that
  ///   can give no more occurrences ends after the periods of one 400-year Gregorian cycle.
  public func occurrences(
    from start: DateOrDateTime, exceptions: Set<DateOrDateTime> = [], utcOffset: UTCOffset? = nil
  ) -> Occurrences {
    Occurrences(rule: self, start: start, exceptions: exceptions, utcOffset: utcOffset)
  }

  /// The occurrences of the rule from `start` that are not before `bound`, as
  /// ``occurrences(from:exceptions:utcOffset:)`` gives them, without computing those before it
  /// when the rule has no `COUNT` (a rule with one still counts from `start`).
  ///
  /// What a server answering for a time range needs: a daily rule from 1990 asked for a week
  /// of 2026 starts near that week.
  ///
  /// - Parameters:
  ///   - start: The first occurrence: the `DTSTART` (or, for a todo without one, the `DUE`).
  ///   - bound: The earliest occurrence wanted, in any form (compared as
  ///     ``precedes(_:_:utcOffset:)`` compares).
  ///   - exceptions: Occurrences to leave out (`EXDATE`).
  ///   - utcOffset: The UTC offsets of time zones, if the caller knows them.
  public func occurrences(
    from start: DateOrDateTime, notBefore bound: DateOrDateTime,
    exceptions: Set<DateOrDateTime> = [], utcOffset: UTCOffset? = nil
  ) -> LazyFilterSequence<Occurrences> {
    // Wall clocks differ from each other by less than two days, whatever the forms.
    var near = LocalInstant(bound)
    near.day -= 2
    let occurrences = Occurrences(
      rule: self, start: start, exceptions: exceptions, utcOffset: utcOffset,
      resumingNear: near)
    return occurrences.lazy.filter { Self.order($0, bound, utcOffset) >= 0 }
  }

  /// The occurrences of a rule from a start, as ``occurrences(from:exceptions:utcOffset:)``
  /// gives them.
  public struct Occurrences: Sequence, Sendable {
    let rule: RecurrenceRule
    let start: DateOrDateTime
    let exceptions: Set<DateOrDateTime>
    let utcOffset: UTCOffset?
    /// Where to begin, when the occurrences before a value do not matter and `COUNT` does
    /// not need them counted.
    var resumingNear: LocalInstant?

    public func makeIterator() -> Iterator {
      Iterator(self)
    }

    /// Gives the occurrences one at a time.
    public struct Iterator: IteratorProtocol {
      private let rule: RecurrenceRule
      private let start: DateOrDateTime
      private let exceptions: ExceptionSet
      private let utcOffset: UTCOffset?
      private let expansion: RecurrenceExpansion
      private let emptyPeriodLimit: Int
      /// Whether `start` is still to be given.
      private var startPending: Bool
      /// The period whose instances are being given.
      private var period: Int
      /// Its instances, once computed.
      private var instants: PeriodInstants?
      private var index = 0
      /// The last period that gave an instance.
      private var lastProductive: Int
      /// How many occurrences were given or left out as exceptions, for `COUNT`.
      private var counted = 0
      private var finished = false

      init(_ occurrences: Occurrences) {
        rule = occurrences.rule
        start = occurrences.start
        utcOffset = occurrences.utcOffset
        exceptions = ExceptionSet(occurrences.exceptions, utcOffset: utcOffset)
        expansion = RecurrenceExpansion(rule: rule, start: start)
        emptyPeriodLimit = expansion.emptyPeriodLimit
        startPending = true
        period = 0
        if rule.count == nil, let near = occurrences.resumingNear, near > expansion.start {
          startPending = false
          period = expansion.period(containing: near)
        }
        lastProductive = period
      }

      /// The next occurrence, or `nil` after the last.
      public mutating func next() -> DateOrDateTime? {
        while !finished {
          if let count = rule.count, counted >= count { break }
          let occurrence: DateOrDateTime
          if startPending {
            startPending = false
            occurrence = start
          } else if let instant = nextInstant(), let date = CalendarDate(dayNumber: instant.day) {
            occurrence = start.on(date, at: instant.time)
          } else {
            break
          }
          if let until = rule.until, RecurrenceRule.order(occurrence, until, utcOffset) > 0 {
            break
          }
          counted += 1
          if !exceptions.contains(occurrence) { return occurrence }
        }
        finished = true
        return nil
      }

      /// The next instance after the start, or `nil` when the rule gives no more.
      private mutating func nextInstant() -> LocalInstant? {
        while true {
          if let instants, index < instants.count {
            index += 1
            return instants[index - 1]
          }
          var next = period
          if instants != nil {
            guard
              let found = expansion.nextPeriod(
                after: period, through: lastProductive + emptyPeriodLimit)
            else { return nil }
            next = found
          }
          guard let found = expansion.instants(inPeriod: next) else { return nil }
          // Only the first period has instances before the start.
          index = instants == nil ? found.firstIndex(after: expansion.start) : 0
          period = next
          instants = found
          if index < found.count { lastProductive = next }
        }
      }
    }
  }
}

/// Exceptions (`EXDATE` values) by day, so that an occurrence is looked up among the few
/// exceptions near it.
struct ExceptionSet: Sendable {
  private let byDay: [Int: [DateOrDateTime]]
  private let utcOffset: RecurrenceRule.UTCOffset?

  init(_ exceptions: Set<DateOrDateTime>, utcOffset: RecurrenceRule.UTCOffset?) {
    byDay = Dictionary(grouping: exceptions) { $0.date.dayNumber }
    self.utcOffset = utcOffset
  }

  /// Whether an exception is the same moment as `occurrence`, or its day when either is a
  /// DATE. A UTC exception and a zoned occurrence may be a day apart on their wall clocks.
  func contains(_ occurrence: DateOrDateTime) -> Bool {
    guard !byDay.isEmpty else { return false }
    let day = occurrence.date.dayNumber
    return (day - 1...day + 1).contains { near in
      (byDay[near] ?? []).contains { RecurrenceRule.order(occurrence, $0, utcOffset) == 0 }
    }
  }
}

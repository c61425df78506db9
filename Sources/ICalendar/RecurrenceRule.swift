/// An RFC 5545 recurrence rule, the value of an `RRULE` property: which dates and times a
/// repeating item such as "water the plants every other Monday" or "stretch every 90 minutes
/// from 9 to 17" occurs at, so that it can move to its next occurrence once one is done.
///
/// Every part of RFC 5545 section 3.3.10 is evaluated, following its table of which parts
/// expand a period and which limit it: `FREQ` (`SECONDLY` to `YEARLY`), `INTERVAL`, `COUNT`,
/// `UNTIL`, `BYSECOND`, `BYMINUTE`, `BYHOUR`, `BYDAY` (with ordinals such as `1MO` or `-1FR`
/// in monthly and yearly rules), `BYMONTHDAY`, `BYYEARDAY`, `BYWEEKNO` (weeks that start on
/// `WKST`, week 1 being the first with four days in the year), `BYMONTH`, `BYSETPOS` and
/// `WKST`. A part the RFC does not define for the rule's frequency, a value out of range, and
/// the parts of later RFCs (`RSCALE`, `SKIP`) are refused with a ``RecurrenceRuleError``
/// naming the part, so that a caller never moves an item to a date the rule does not give;
/// the `RRULE` line itself is kept as it was either way.
///
/// ```swift
/// let rule = try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1")
/// let start = DateOrDateTime(parsing: "19970930T090000", tzid: "America/New_York")!
/// rule.occurrence(after: start, start: start)?.text  // "19971031T090000"
/// rule.description                                     // the rule in canonical form
/// ```
///
/// ``occurrence(after:start:exceptions:utcOffset:)`` gives the occurrence after another,
/// ``occurrences(from:exceptions:utcOffset:)`` all of them lazily, and
/// ``nextDue(after:start:exceptions:utcOffset:)`` the `DUE` of a repeating todo's next
/// instance.
public struct RecurrenceRule: Hashable, Sendable {
  /// How often the rule repeats (`FREQ`): the length of its periods, before `INTERVAL` and
  /// the `BY…` parts.
  public enum Frequency: String, Hashable, Sendable, CaseIterable {
    case secondly = "SECONDLY"
    case minutely = "MINUTELY"
    case hourly = "HOURLY"
    case daily = "DAILY"
    case weekly = "WEEKLY"
    case monthly = "MONTHLY"
    case yearly = "YEARLY"

    /// Whether a period is shorter than a day (`HOURLY`, `MINUTELY`, `SECONDLY`).
    var isSubDaily: Bool {
      self == .hourly || self == .minutely || self == .secondly
    }
  }

  /// A day of the week, written `MO` to `SU`.
  public enum Weekday: Int, Hashable, Sendable, CaseIterable {
    case monday, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The two letters RFC 5545 writes it with, such as `MO`.
    public var code: String {
      ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue]
    }

    /// Reads `MO` to `SU`.
    init?(code: some StringProtocol) {
      guard let day = Self.allCases.first(where: { $0.code == code }) else { return nil }
      self = day
    }
  }

  /// One `BYDAY` entry: a weekday, and for monthly and yearly rules optionally which one of
  /// the month or year (`1MO` the first Monday, `-1FR` the last Friday).
  public struct WeekdayNumber: Hashable, Sendable {
    /// Which of the month's or year's such weekdays: 1 the first, -1 the last; `nil` for all.
    public let ordinal: Int?
    /// The weekday.
    public let weekday: Weekday

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - ordinal: 1 to 53 or -53 to -1, or `nil` for every such weekday.
    ///   - weekday: The day of the week.
    public init(_ ordinal: Int? = nil, _ weekday: Weekday) {
      self.ordinal = ordinal
      self.weekday = weekday
    }

    /// The entry as written: `MO`, `1MO`, `-1FR`.
    public var text: String {
      (ordinal.map(String.init) ?? "") + weekday.code
    }
  }

  /// `FREQ`.
  public let frequency: Frequency
  /// `INTERVAL`: every how many periods of the frequency, 1 or more.
  public let interval: Int
  /// `COUNT`: how many occurrences there are in all, the start included.
  public let count: Int?
  /// `UNTIL`: the last moment an occurrence may have (inclusive).
  public let until: DateOrDateTime?
  /// `BYSECOND`: 0 to 60, in the order written.
  public let bySecond: [Int]
  /// `BYMINUTE`: 0 to 59, in the order written.
  public let byMinute: [Int]
  /// `BYHOUR`: 0 to 23, in the order written.
  public let byHour: [Int]
  /// `BYDAY`, in the order written.
  public let byDay: [WeekdayNumber]
  /// `BYMONTHDAY`: 1 to 31, or -31 to -1 counting from the end of the month.
  public let byMonthDay: [Int]
  /// `BYYEARDAY`: 1 to 366, or -366 to -1 counting from the end of the year.
  public let byYearDay: [Int]
  /// `BYWEEKNO`: 1 to 53, or -53 to -1 counting from the last week of the year.
  public let byWeekNo: [Int]
  /// `BYMONTH`: 1 to 12.
  public let byMonth: [Int]
  /// `BYSETPOS`: which of each period's occurrences to keep, 1 to 366 or -366 to -1.
  public let bySetPos: [Int]
  /// `WKST`: the day weeks start on (Monday unless written).
  public let weekStart: Weekday

  /// The rule parts this type evaluates, in the order ``text`` writes them; any other part
  /// is refused.
  public static let supportedParts = [
    "FREQ", "UNTIL", "COUNT", "INTERVAL", "BYSECOND", "BYMINUTE", "BYHOUR", "BYDAY",
    "BYMONTHDAY", "BYYEARDAY", "BYWEEKNO", "BYMONTH", "BYSETPOS", "WKST",
  ]
}

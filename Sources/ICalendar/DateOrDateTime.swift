/// The value of a DATE or DATE-TIME property such as `DUE`, `DTSTART` or `COMPLETED`, in the
/// exact form it was written.
///
/// A todo due on a day (`DUE;VALUE=DATE:20261124`) is different from one due at a time, and a
/// floating time is different from a UTC time or a time in a named zone. Clients such as
/// Apple Reminders break when a server turns one form into another, so this value records
/// which form it is and writes itself back the same way: ``text`` is exactly the value text
/// it was read from, and ``tzid`` the `TZID` parameter.
///
/// ```swift
/// let due = DateOrDateTime(parsing: "20261124T090000", tzid: "Europe/Berlin")!
/// due.form    // .zoned(tzid: "Europe/Berlin")
/// due.text    // "20261124T090000"
/// ```
public enum DateOrDateTime: Hashable, Sendable, CustomStringConvertible {
  /// A DATE: a whole day, written `YYYYMMDD` with `VALUE=DATE`.
  case date(CalendarDate)
  /// A DATE-TIME: a day, a time and the form of the time.
  case dateTime(CalendarDate, TimeOfDay, DateTimeForm)

  /// Reads a DATE or DATE-TIME value.
  ///
  /// The value type is decided by the text itself (eight digits are a DATE), so a missing
  /// or wrong `VALUE` parameter does not matter. A `Z` suffix makes a UTC time even when a
  /// `TZID` is given.
  ///
  /// - Parameters:
  ///   - text: The value text, such as `"20261124"`, `"20261124T090000"` or
  ///     `"20261124T080000Z"`.
  ///   - tzid: The property's `TZID` parameter, if any.
  public init?(parsing text: some StringProtocol, tzid: String? = nil) {
    let bytes = Array(text.utf8)
    if bytes.count == 8 {
      guard let date = CalendarDate(parsing: text) else { return nil }
      self = .date(date)
      return
    }
    guard bytes.count == 15 || (bytes.count == 16 && bytes[15] == UInt8(ascii: "Z")),
      bytes[8] == UInt8(ascii: "T"),
      let date = CalendarDate(parsing: String(decoding: bytes[0..<8], as: UTF8.self)),
      let time = TimeOfDay(parsing: String(decoding: bytes[9..<15], as: UTF8.self))
    else { return nil }
    if bytes.count == 16 {
      self = .dateTime(date, time, .utc)
    } else if let tzid {
      self = .dateTime(date, time, .zoned(tzid: tzid))
    } else {
      self = .dateTime(date, time, .floating)
    }
  }

  /// The day.
  public var date: CalendarDate {
    switch self {
    case .date(let date), .dateTime(let date, _, _): date
    }
  }

  /// The time of day, or `nil` for a DATE.
  public var time: TimeOfDay? {
    switch self {
    case .date: nil
    case .dateTime(_, let time, _): time
    }
  }

  /// The form of a DATE-TIME, or `nil` for a DATE.
  public var form: DateTimeForm? {
    switch self {
    case .date: nil
    case .dateTime(_, _, let form): form
    }
  }

  /// Whether this is a DATE rather than a DATE-TIME.
  public var isDate: Bool {
    time == nil
  }

  /// The `TZID` parameter the value is written with, or `nil` for dates, floating and UTC
  /// times.
  public var tzid: String? {
    if case .zoned(let tzid) = form { tzid } else { nil }
  }

  /// The value text exactly as written: `YYYYMMDD`, `YYYYMMDDTHHMMSS` or
  /// `YYYYMMDDTHHMMSSZ`.
  public var text: String {
    switch self {
    case .date(let date): date.description
    case .dateTime(let date, let time, let form):
      date.description + "T" + time.description + (form == .utc ? "Z" : "")
    }
  }

  /// The value as a property writes it: `VALUE=DATE:` for a date, `TZID=…:` for a zoned time.
  public var description: String {
    switch self {
    case .date: "VALUE=DATE:" + text
    case .dateTime(_, _, .zoned(let tzid)): "TZID=" + tzid + ":" + text
    case .dateTime: text
    }
  }
}

/// Which of the three forms of RFC 5545 a DATE-TIME value has.
///
/// - `floating`: `20261124T090000`, the same wall-clock time wherever the user is.
/// - `utc`: `20261124T080000Z`, an instant.
/// - `zoned`: `DUE;TZID=Europe/Berlin:20261124T090000`, a wall-clock time in a time zone that
///   a `VTIMEZONE` of the same calendar defines.
public enum DateTimeForm: Hashable, Sendable {
  /// A local time with no time zone.
  case floating
  /// A time in UTC, written with a trailing `Z`.
  case utc
  /// A local time in the time zone with this `TZID`, written as the `TZID` parameter.
  case zoned(tzid: String)
}

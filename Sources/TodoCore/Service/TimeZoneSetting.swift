import Foundation
import Synchronization

/// The time zone a service reads days and clock times in for one person: their page's, once
/// the browser said it (`setTimeZone`), else the one their account last had, else the
/// server's (`todo serve --time-zone`, else the system's). A repeating todo done late in the evening in Auckland is done on that day in
/// Auckland, wherever the server runs.
///
/// ```swift
/// let zone = TimeZoneSetting()
/// let pages = service.reading(in: zone)
/// zone.set(TimeZone(identifier: "Pacific/Auckland"))
/// ```
public final class TimeZoneSetting: Sendable {
  private let zone = Mutex<TimeZone?>(nil)

  /// A setting that follows the server's zone until set.
  public init() {}

  /// The zone set, if any.
  public var timeZone: TimeZone? { zone.withLock { $0 } }

  /// Sets the zone; `nil` goes back to the server's.
  public func set(_ zone: TimeZone?) {
    self.zone.withLock { $0 = zone }
  }
}

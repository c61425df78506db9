import Foundation
import OpenAPIRuntime
import TodoCore

/// How the generated API code writes and reads `date-time` values: written as
/// ``TimestampFormat`` writes them (`2026-03-01T09:30:00Z`, UTC, seconds), read strictly as
/// ``ImportTimestamps`` reads them (`Z` or an offset, a real date in the proleptic Gregorian
/// calendar). Only the import document carries timestamps in a request.
struct TimestampTranscoder: DateTranscoder {
  func encode(_ date: Date) throws -> String {
    TimestampFormat.string(date)
  }

  /// - Throws: a 422 problem for text that is not a timestamp.
  func decode(_ text: String) throws -> Date {
    guard let date = ImportTimestamps.date(text) else {
      throw Problem(
        .unprocessableContent, type: "urn:todo:problem:validation", title: "Invalid input",
        detail:
          "\"\(text)\" is not a timestamp; write yyyy-MM-ddTHH:mm:ssZ (or an offset ±hh:mm)")
    }
    return date
  }
}

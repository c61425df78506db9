import Foundation
import Logging
import Synchronization

/// A swift-log handler that writes one JSON object per line on stderr (`todo serve
/// --log-format json`), for a log collector: `time`, `level`, `label`, `message`, and each
/// metadata key (the request's `hb.request.id` among them) as a string field.
struct JSONLogHandler: LogHandler {
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .info
  let label: String

  /// One writer for the process: lines never interleave.
  private static let output = Mutex(FileHandle.standardError)

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    var fields: [String: String] = [:]
    for (key, value) in metadata { fields[key] = "\(value)" }
    for (key, value) in event.metadata ?? [:] { fields[key] = "\(value)" }
    fields["time"] = Date.now.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    fields["level"] = event.level.rawValue
    fields["label"] = label
    fields["message"] = "\(event.message)"
    guard var line = try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
    else { return }
    line.append(UInt8(ascii: "\n"))
    Self.output.withLock { $0.write(line) }
  }
}

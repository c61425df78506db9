import Foundation
import Logging
import Synchronization

/// A swift-log handler that writes one JSON object per line on stderr (`todo serve
/// --log-format json`), for a log collector: `time`, `level`, `label`, `message`, and each
/// metadata key (the request's `hb.request.id` among them) as a string field.
public struct JSONLogHandler: LogHandler {
  public var metadata: Logger.Metadata = [:]
  public var logLevel: Logger.Level = .info
  let label: String
  let output: Output

  /// Where the lines go: one writer, so that lines never interleave.
  public final class Output: Sendable {
    private let handle: Mutex<FileHandle>

    /// Lines to `handle`.
    public init(_ handle: FileHandle) {
      self.handle = Mutex(handle)
    }

    /// Standard error, the process's log.
    public static let standardError = Output(.standardError)

    func write(_ line: Data) {
      handle.withLock { $0.write(line) }
    }
  }

  /// A handler for the logger `label`, writing to `output`.
  public init(label: String, output: Output = .standardError) {
    self.label = label
    self.output = output
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
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
    output.write(line)
  }
}

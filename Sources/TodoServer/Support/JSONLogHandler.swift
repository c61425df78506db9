import Foundation
import Logging
import Synchronization
import TodoCore

/// A swift-log handler that writes one JSON object per line on stderr (`todo serve
/// --log-format json`), for a log collector: `time`, `level`, `label`, `message`, then each
/// metadata key (the request's `hb.request.id` among them) as a string field, in key order.
///
/// The line is written by ``JSONBytes`` rather than through `JSONSerialization`: with one line
/// a request, Foundation's writer (a bridged dictionary, keys sorted as `AnyHashable`) cost a
/// tenth of the server's CPU.
public struct JSONLogHandler: LogHandler {
  public var metadata: Logger.Metadata = [:]
  public var logLevel: Logger.Level = .info
  let label: String
  let output: Output

  /// Where the lines go: one writer, so that lines never interleave.
  public final class Output: Sendable {
    private let handle: FileHandle
    private let lock = Mutex(())

    /// Lines to `handle`.
    public init(_ handle: FileHandle) {
      self.handle = handle
    }

    /// Standard error, the process's log.
    public static let standardError = Output(.standardError)

    /// Writes the whole line with write(2), straight from its bytes.
    func write(_ line: [UInt8]) {
      let descriptor = handle.fileDescriptor
      lock.withLock { _ in
        line.withUnsafeBytes { bytes in
          var offset = 0
          while offset < bytes.count {
            let written = Foundation.write(
              descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written > 0 {
              offset += written
            } else if written < 0, errno == EINTR {
              continue
            } else {
              return
            }
          }
        }
      }
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
    var fields = metadata
    if let extra = event.metadata {
      for (key, value) in extra { fields[key] = value }
    }
    var json = JSONBytes(capacity: 256)
    json.beginObject(first: true)
    Self.withTime(Date()) { json.member("time", utf8: $0) }
    json.member("level", event.level.rawValue)
    json.member("label", label)
    json.member("message", event.message.description)
    for key in fields.keys.sorted() where !["time", "level", "label", "message"].contains(key) {
      json.member(named: key, fields[key].map { "\($0)" } ?? "")
    }
    json.endObject()
    var line = json.bytes
    line.append(UInt8(ascii: "\n"))
    output.write(line)
  }

  /// `date` in UTC with milliseconds, `2026-11-28T16:30:00.123Z`: ``TimestampFormat``'s
  /// seconds with the milliseconds put before its `Z`.
  static func withTime<T>(_ date: Date, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: TimestampFormat.maximumLength + 4) {
      buffer in
      let base = buffer.baseAddress!
      var length = TimestampFormat.write(date, to: base) - 1  // without its Z
      let seconds = date.timeIntervalSince1970
      let milliseconds = Int((seconds - seconds.rounded(.down)) * 1_000)
      base[length] = UInt8(ascii: ".")
      base[length + 1] = UInt8(ascii: "0") + UInt8(milliseconds / 100)
      base[length + 2] = UInt8(ascii: "0") + UInt8(milliseconds / 10 % 10)
      base[length + 3] = UInt8(ascii: "0") + UInt8(milliseconds % 10)
      base[length + 4] = UInt8(ascii: "Z")
      length += 5
      return body(UnsafeBufferPointer(start: base, count: length))
    }
  }
}

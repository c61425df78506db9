import Foundation
import Logging
import Synchronization

/// A swift-log handler that writes one JSON object per line on stderr (`todo serve
/// --log-format json`), for a log collector: `time`, `level`, `label`, `message`, then each
/// metadata key (the request's `hb.request.id` among them) as a string field, in key order.
///
/// The line is written byte by byte rather than through `JSONSerialization`: with one line a
/// request, Foundation's writer (a bridged dictionary, keys sorted as `AnyHashable`) cost a
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
    var line: [UInt8] = []
    line.reserveCapacity(256)
    line.append(contentsOf: #"{"time":""#.utf8)
    Self.appendTime(Date(), to: &line)
    line.append(contentsOf: #"","level":"#.utf8)
    Self.appendString(event.level.rawValue, to: &line)
    line.append(contentsOf: #","label":"#.utf8)
    Self.appendString(label, to: &line)
    line.append(contentsOf: #","message":"#.utf8)
    Self.appendString(event.message.description, to: &line)
    for key in fields.keys.sorted() where !["time", "level", "label", "message"].contains(key) {
      line.append(UInt8(ascii: ","))
      Self.appendString(key, to: &line)
      line.append(UInt8(ascii: ":"))
      Self.appendString(fields[key].map { "\($0)" } ?? "", to: &line)
    }
    line.append(contentsOf: "}\n".utf8)
    output.write(line)
  }

  /// `text` as a JSON string: quotes, backslashes and control characters escaped.
  static func appendString(_ text: String, to line: inout [UInt8]) {
    let hex = Array("0123456789abcdef".utf8)
    line.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): line.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): line.append(contentsOf: #"\\"#.utf8)
      case UInt8(ascii: "\n"): line.append(contentsOf: #"\n"#.utf8)
      case UInt8(ascii: "\r"): line.append(contentsOf: #"\r"#.utf8)
      case UInt8(ascii: "\t"): line.append(contentsOf: #"\t"#.utf8)
      case 0..<0x20:
        line.append(contentsOf: #"\u00"#.utf8)
        line.append(hex[Int(byte >> 4)])
        line.append(hex[Int(byte & 0xF)])
      default: line.append(byte)
      }
    }
    line.append(UInt8(ascii: "\""))
  }

  /// `date` in UTC as `2026-11-28T16:30:00.123Z`.
  static func appendTime(_ date: Date, to line: inout [UInt8]) {
    let milliseconds = Int64((date.timeIntervalSince1970 * 1_000).rounded(.down))
    var seconds = time_t(milliseconds / 1_000)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func digits(_ value: Int, _ count: Int) {
      var buffer = [UInt8](repeating: UInt8(ascii: "0"), count: count)
      var value = value
      for index in stride(from: count - 1, through: 0, by: -1) {
        buffer[index] = UInt8(ascii: "0") + UInt8(value % 10)
        value /= 10
      }
      line.append(contentsOf: buffer)
    }
    digits(Int(parts.tm_year) + 1_900, 4)
    line.append(UInt8(ascii: "-"))
    digits(Int(parts.tm_mon) + 1, 2)
    line.append(UInt8(ascii: "-"))
    digits(Int(parts.tm_mday), 2)
    line.append(UInt8(ascii: "T"))
    digits(Int(parts.tm_hour), 2)
    line.append(UInt8(ascii: ":"))
    digits(Int(parts.tm_min), 2)
    line.append(UInt8(ascii: ":"))
    digits(Int(parts.tm_sec), 2)
    line.append(UInt8(ascii: "."))
    digits(Int(milliseconds % 1_000), 3)
    line.append(UInt8(ascii: "Z"))
  }
}

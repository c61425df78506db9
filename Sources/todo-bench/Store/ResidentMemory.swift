import Foundation

/// The process's resident memory, to measure what objects kept alive cost.
enum ResidentMemory {
  /// Resident set size in bytes, from `/proc/self/statm`, or `nil` where it cannot be read.
  static var bytes: Int? {
    guard
      let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
      let field = text.split(separator: " ").dropFirst().first,
      let pages = Int(field)
    else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}

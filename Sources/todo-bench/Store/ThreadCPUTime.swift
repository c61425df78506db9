#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// CPU time of the calling thread, which other processes on a shared machine do not inflate.
enum ThreadCPUTime {
  /// The calling thread's CPU time in milliseconds, or `nil` where it cannot be read.
  static var milliseconds: Double? {
    var time = timespec()
    guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return nil }
    return Double(time.tv_sec) * 1_000 + Double(time.tv_nsec) / 1_000_000
  }
}

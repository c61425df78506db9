#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's limit on open file descriptors: a thousand pages and the server's side of
/// their connections need more than a default shell's 1,024.
enum FileDescriptorLimit {
  /// Raises the soft limit to at least `wanted` if the hard limit allows, and returns the
  /// soft limit in force afterwards.
  @discardableResult
  static func raise(to wanted: Int) -> Int {
    var limit = rlimit()
    #if canImport(Glibc)
      let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
      let resource = RLIMIT_NOFILE
    #endif
    guard getrlimit(resource, &limit) == 0 else { return 0 }
    let target = rlim_t(wanted)
    if limit.rlim_cur < target {
      var raised = limit
      raised.rlim_cur = min(target, limit.rlim_max)
      if setrlimit(resource, &raised) == 0 { limit = raised }
    }
    return limit.rlim_cur >= rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
  }
}

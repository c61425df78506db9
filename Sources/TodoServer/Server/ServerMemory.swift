#if canImport(Glibc)
  import Glibc
#endif

/// How a server process uses the C allocator.
///
/// A live page's data is a list of todos held in arrays of a few hundred kilobytes, a new one
/// for every frame of commits. glibc's allocator raises its threshold for giving large blocks
/// their own mapping each time it frees one, so these arrays end up in its arenas, where the
/// freed space is reused badly across threads: a 10-minute soak grew the process from 124 to
/// 306 MB while its live heap stayed near 110 MB (BENCHMARKS.md). A fixed
/// threshold gives every block from 128 KB its own mapping, returned to the system when it
/// is freed.
public enum ServerMemory {
  /// Applies the allocator settings; call once, before serving.
  public static func configure() {
    #if canImport(Glibc)
      // `mallopt` is in <malloc.h>, which the Glibc module leaves out: found by name.
      typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
      guard let symbol = dlsym(nil, "mallopt") else { return }
      let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
      _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, 128 * 1024)
    #endif
  }
}

#if canImport(Glibc)
  import Glibc
  import Testing
  import TodoServer

  @Suite("Server memory")
  struct ServerMemoryTests {
    /// glibc raises its threshold for giving a block its own mapping to the size of every
    /// mapped block freed (up to 32 MiB), so after a freed block of 5 MiB, blocks of 4 MiB come
    /// from its arenas, where a live page's arrays fragmented the heap. After
    /// `ServerMemory.configure()` the threshold stays at 128 KiB.
    @Test("after configure, blocks of 4 MiB are mapped even after a larger one was freed")
    func largeBlocksAreMapped() throws {
      ServerMemory.configure()
      free(malloc(5 << 20))
      var blocks: [UnsafeMutableRawPointer] = []
      defer { for block in blocks { free(block) } }
      for _ in 0..<100 {
        blocks.append(try #require(malloc(4 << 20)))
      }
      // The word before a block is its chunk's size, whose bit 1 is glibc's IS_MMAPPED. A
      // block is taken from the arena instead only while the arena has that much free: 400
      // MiB in all is more than this process keeps free, so most must be mapped.
      let mapped = blocks.filter {
        $0.load(fromByteOffset: -MemoryLayout<UInt>.size, as: UInt.self) & 2 != 0
      }
      #expect(mapped.count > blocks.count / 2, "\(mapped.count) of \(blocks.count) mapped")
    }
  }
#endif

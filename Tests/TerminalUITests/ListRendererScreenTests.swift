import Diffable
import Testing

@testable import TerminalUI

/// Changes of every kind at once, in sections with and without headers, applied to an
/// emulated screen: it must end as a fresh drawing of the new content does, whatever the
/// window's position.
@Suite("List renderer: applied changes leave the screen a fresh drawing would")
struct ListRendererScreenTests {
  let size = TerminalSize(rows: 8, columns: 24)

  /// A small deterministic generator (SplitMix64), so failures repeat.
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  private func randomContent(_ generator: inout Generator) throws -> ListContent<String, String> {
    var sections: [(String, String?, [String])] = []
    var cells: [String: Cell] = [:]
    var pool = (0..<16).map { "i\($0)" }.shuffled(using: &generator)
    for section in ["A", "B", "C", "D"].shuffled(using: &generator)
    where Bool.random(using: &generator) || sections.isEmpty {
      let count = Int.random(in: 0...min(5, pool.count), using: &generator)
      let items = Array(pool.prefix(count))
      pool.removeFirst(count)
      let header: String? =
        Bool.random(using: &generator)
        ? "Section \(section)\(Bool.random(using: &generator) ? "!" : "")" : nil
      sections.append((section, header, items))
      for item in items {
        cells[item] = Cell(
          "Item \(item)\(Bool.random(using: &generator) ? " edited" : "")",
          secondaryText: Bool.random(using: &generator) ? "11/25" : nil)
      }
    }
    return try listContent(sections, cells: cells)
  }

  @Test("random changes, scrolled or not", arguments: [0, 1, 3])
  func randomChanges(scrolledTo top: Int) throws {
    var generator = Generator(state: UInt64(top) + 7)
    for _ in 0..<200 {
      let old = try randomContent(&generator)
      let new = try randomContent(&generator)
      var renderer = ListRenderer<String, String>(size: size, environment: ["NO_COLOR": "1"])
      var screen = ScreenEmulator(size: size)
      screen.write(renderer.draw(old, status: "status"))
      screen.write(renderer.scroll(toTop: top))
      screen.write(renderer.update(to: new))

      var fresh = ListRenderer<String, String>(size: size, environment: ["NO_COLOR": "1"])
      var freshScreen = ScreenEmulator(size: size)
      _ = fresh.draw(new, status: "status")
      _ = fresh.scroll(toTop: renderer.top)
      freshScreen.write(fresh.resize(to: size))
      #expect(fresh.top == renderer.top)
      #expect(screen.lines == freshScreen.lines, "\(old) → \(new)")
      #expect(screen.overflow.isEmpty)
    }
  }
}

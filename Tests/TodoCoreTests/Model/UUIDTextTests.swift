import Foundation
import Testing

@testable import TodoCore

@Suite("UUID.text")
struct UUIDTextTests {
  @Test("is uuidString, for random identifiers and the extremes")
  func sameAsFoundation() {
    let ids =
      (0..<1_000).map { _ in UUID() } + [
        UUID(uuidString: "00000000-0000-0000-0000-000000000000")!,
        UUID(uuidString: "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF")!,
      ]
    for id in ids { #expect(id.text == id.uuidString) }
  }
}

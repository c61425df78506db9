import Diffable
import Foundation
import Testing

@Suite("Changeset JSON")
struct ChangesetCodableTests {
  /// The encoder the server uses: sorted keys make the bytes independent of dictionary order.
  let encoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return encoder
  }()

  func json<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  @Test("the documented shape, with sorted lists and every key present")
  func shape() throws {
    let changeset = Changeset(
      data: [7, 8],
      elementDeleted: [ElementPath(element: 3, section: 0), ElementPath(element: 1, section: 0)],
      elementMoved: [
        ElementMove(
          source: ElementPath(element: 0, section: 0), target: ElementPath(element: 1, section: 0)
        )
      ])
    #expect(
      try json(changeset)
        == #"{"data":[7,8],"elementDeleted":[{"element":1,"section":0},{"element":3,"section":0}],"#
        + #""elementInserted":[],"elementMoved":[{"source":{"element":0,"section":0},"#
        + #""target":{"element":1,"section":0}}],"elementUpdated":[],"#
        + #""sectionDeleted":[],"sectionInserted":[],"sectionMoved":[],"sectionUpdated":[]}"#)
  }

  @Test("equal changesets built in different orders encode to the same bytes")
  func stableBytes() throws {
    let paths = (0..<20).map { ElementPath(element: $0 % 7, section: $0 / 7) }
    let moves = (0..<5).map { SectionMove(source: $0, target: 4 - $0) }
    let a = Changeset(data: [1], sectionMoved: moves, elementInserted: paths)
    let b = Changeset(data: [1], sectionMoved: moves.reversed(), elementInserted: paths.shuffled())
    #expect(a == b)
    #expect(try encoder.encode(a) == encoder.encode(b))
    #expect(try encoder.encode(a) == encoder.encode(a))
  }

  @Test("a staged changeset round-trips through JSON")
  func roundTrip() throws {
    let source = sections([(0, [1, 2, 3]), (1, [4])])
    let target = sections([(1, [3, 4]), (0, [5, 1])])
    let changes = StagedChangeset(source: source, target: target)
    let data = try encoder.encode(changes)
    let decoded = try JSONDecoder().decode(StagedChangeset<[Section]>.self, from: data)
    #expect(decoded == changes)
    #expect(try decoded.apply(to: source) == target)
  }

  @Test("a snapshot diff encodes sections as identifier and items")
  func snapshotSections() throws {
    let old = try Snapshot<String, String>(sections: [SnapshotSection("fruit", items: ["a"])])
    let new = try Snapshot<String, String>(sections: [SnapshotSection("fruit", items: ["a", "b"])])
    let changes = new.changeset(from: old)
    #expect(
      try json(changes)
        == #"[{"data":[{"identifier":"fruit","items":["a","b"]}],"elementDeleted":[],"#
        + #""elementInserted":[{"element":1,"section":0}],"elementMoved":[],"elementUpdated":[],"#
        + #""sectionDeleted":[],"sectionInserted":[],"sectionMoved":[],"sectionUpdated":[]}]"#)
  }
}

import PropertyBased
import Testing

@testable import Diffable

/// Snapshot edits re-index only the positions they touch; these tests check every index
/// against a plain array model after each edit of long random edit sequences.
@Suite("Snapshot edits against an array model")
struct SnapshotEditingModelTests {
  typealias Shot = Snapshot<Int, Int>

  /// Applies the edits encoded by `codes` to a snapshot and to arrays, and checks that both
  /// agree after each edit and that every index is right.
  func check(_ codes: [Int]) throws {
    var model: [[Int]] = [Array(0..<40), Array(40..<60), []]
    var snapshot = try Shot(
      sections: model.enumerated().map { SnapshotSection($0.offset, items: $0.element) })
    var nextItem = 100
    var stream = codes.makeIterator()
    func draw(_ bound: Int) -> Int { (stream.next() ?? 0) % max(bound, 1) }
    let all = { model.flatMap { $0 } }
    while let operation = stream.next() {
      let items = all()
      switch operation % 4 {
      case 0 where items.count >= 2:
        let item = items[draw(items.count)]
        let other = items[draw(items.count)]
        guard item != other else { continue }
        let after = draw(2) == 1
        if after {
          try snapshot.moveItem(item, afterItem: other)
        } else {
          try snapshot.moveItem(item, beforeItem: other)
        }
        let from = model.firstIndex { $0.contains(item) }!
        model[from].removeAll { $0 == item }
        let section = model.firstIndex { $0.contains(other) }!
        let anchor = model[section].firstIndex(of: other)!
        model[section].insert(item, at: after ? anchor + 1 : anchor)
      case 1 where !items.isEmpty:
        let doomed = (0...draw(4)).map { _ in items[draw(items.count)] }
        try snapshot.deleteItems(doomed)
        for section in model.indices { model[section].removeAll { doomed.contains($0) } }
      case 2 where !items.isEmpty:
        let other = items[draw(items.count)]
        let new = [nextItem, nextItem + 1]
        nextItem += 2
        try snapshot.insertItems(new, afterItem: other)
        let section = model.firstIndex { $0.contains(other) }!
        model[section].insert(contentsOf: new, at: model[section].firstIndex(of: other)! + 1)
      default:
        let section = draw(model.count)
        try snapshot.appendItems([nextItem], toSection: section)
        model[section].append(nextItem)
        nextItem += 1
      }
      #expect(snapshot.sections.map(\.items) == model)
      #expect(snapshot._checkInvariants())
    }
  }

  @Test("random moves, deletes and inserts keep every index right")
  func randomEdits() async {
    await propertyCheck(count: 50, input: Gen.int(in: 0...1_000).array(of: 50...300)) {
      codes in
      try check(codes)
    }
  }

  @Test("moves to the neighbouring places, the ends and back leave the indices right")
  func edgeMoves() throws {
    var snapshot = try Shot(sections: [SnapshotSection(0, items: [1, 2, 3, 4, 5])])
    try snapshot.moveItem(1, afterItem: 2)
    #expect(snapshot.sections[0].items == [2, 1, 3, 4, 5])
    try snapshot.moveItem(1, beforeItem: 3)
    #expect(snapshot.sections[0].items == [2, 1, 3, 4, 5])
    try snapshot.moveItem(2, afterItem: 5)
    #expect(snapshot.sections[0].items == [1, 3, 4, 5, 2])
    try snapshot.moveItem(2, beforeItem: 1)
    #expect(snapshot.sections[0].items == [2, 1, 3, 4, 5])
    #expect(snapshot.indexPath(of: 5) == ElementPath(element: 4, section: 0))
    #expect(snapshot._checkInvariants())
    try snapshot.deleteItems([5, 2, 5, 3])
    #expect(snapshot.sections[0].items == [1, 4])
    #expect(snapshot.numberOfItems == 2)
    #expect(snapshot._checkInvariants())
  }
}

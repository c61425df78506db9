import Testing

@testable import Diffable

@Suite("Section snapshot (outline)")
struct SectionSnapshotTests {
  /// Undone: milk, bread (bread has a child: rye); Done: rent.
  func todoOutline() throws -> SectionSnapshot<String> {
    var outline = SectionSnapshot<String>()
    try outline.append(["Undone", "Done"])
    try outline.append(["milk", "bread"], to: "Undone")
    try outline.append(["rye"], to: "bread")
    try outline.append(["rent"], to: "Done")
    return outline
  }

  @Test("append children; items, roots, levels and parents")
  func structure() throws {
    let outline = try todoOutline()
    #expect(outline.rootItems == ["Undone", "Done"])
    #expect(outline.items == ["Undone", "milk", "bread", "rye", "Done", "rent"])
    #expect(try outline.level(of: "rye") == 2)
    #expect(try outline.level(of: "Done") == 0)
    #expect(try outline.parent(of: "rye") == "bread")
    #expect(try outline.parent(of: "Undone") == nil)
    #expect(try outline.children(of: "Undone") == ["milk", "bread"])
    #expect(outline.index(of: "Done") == 4)
    #expect(outline.contains("rent") && !outline.contains("tea"))
    #expect(outline._checkInvariants())
  }

  @Test("items start collapsed; expand and collapse change the visible items")
  func expandCollapse() throws {
    var outline = try todoOutline()
    #expect(outline.visibleItems == ["Undone", "Done"])
    try outline.expand(["Undone"])
    #expect(outline.isExpanded("Undone"))
    #expect(outline.visibleItems == ["Undone", "milk", "bread", "Done"])
    #expect(!outline.isVisible("rye"))
    try outline.expand(["bread", "Done"])
    #expect(outline.visibleItems == ["Undone", "milk", "bread", "rye", "Done", "rent"])
    #expect(outline.isVisible("rye"))
    try outline.collapse(["Undone"])
    #expect(outline.visibleItems == ["Undone", "Done", "rent"])
    #expect(outline.isExpanded("bread"), "collapsing a parent keeps the child's own state")
  }

  @Test("insert before and after, among siblings")
  func insert() throws {
    var outline = try todoOutline()
    try outline.insert(["eggs"], before: "bread")
    try outline.insert(["tax"], after: "rent")
    try outline.insert(["Later"], after: "Undone")
    #expect(
      outline.items == ["Undone", "milk", "eggs", "bread", "rye", "Later", "Done", "rent", "tax"])
    #expect(try outline.parent(of: "eggs") == "Undone")
    #expect(try outline.parent(of: "Later") == nil)
    #expect(outline._checkInvariants())
  }

  @Test("delete removes descendants; deleteAll empties")
  func delete() throws {
    var outline = try todoOutline()
    try outline.expand(["bread"])
    try outline.delete(["bread"])
    #expect(outline.items == ["Undone", "milk", "Done", "rent"])
    #expect(!outline.contains("rye") && !outline.isExpanded("bread"))
    try outline.delete(["Done"])
    #expect(outline.items == ["Undone", "milk"])
    #expect(outline._checkInvariants())
    outline.deleteAll()
    #expect(outline == SectionSnapshot())
  }

  @Test("snapshot(of:includingParent:) copies a subtree")
  func subtree() throws {
    var outline = try todoOutline()
    try outline.expand(["bread"])
    let children = try outline.snapshot(of: "Undone")
    #expect(children.rootItems == ["milk", "bread"])
    #expect(children.items == ["milk", "bread", "rye"])
    #expect(children.isExpanded("bread"))
    #expect(try children.parent(of: "bread") == nil)
    let withParent = try outline.snapshot(of: "Undone", includingParent: true)
    #expect(withParent.rootItems == ["Undone"])
    #expect(try withParent.level(of: "rye") == 2)
    #expect(withParent._checkInvariants() && children._checkInvariants())
  }

  @Test("duplicates and unknown items are typed errors; nothing changes")
  func errors() throws {
    var outline = try todoOutline()
    let before = outline
    #expect(throws: SnapshotError.duplicateItem("milk")) { try outline.append(["milk"]) }
    #expect(throws: SnapshotError.duplicateItem("tea")) { try outline.append(["tea", "tea"]) }
    #expect(throws: SnapshotError.itemNotFound("x")) { try outline.append(["tea"], to: "x") }
    #expect(throws: SnapshotError.itemNotFound("x")) { try outline.insert(["tea"], before: "x") }
    #expect(throws: SnapshotError.itemNotFound("x")) { try outline.insert(["tea"], after: "x") }
    #expect(throws: SnapshotError.duplicateItem("rent")) {
      try outline.insert(["rent"], after: "milk")
    }
    #expect(throws: SnapshotError.itemNotFound("x")) { try outline.delete(["milk", "x"]) }
    #expect(throws: SnapshotError.itemNotFound("x")) { try outline.expand(["x"]) }
    #expect(throws: SnapshotError.itemNotFound("x")) { try outline.collapse(["x"]) }
    #expect(throws: SnapshotError.itemNotFound("x")) { try outline.level(of: "x") }
    #expect(throws: SnapshotError.itemNotFound("x")) { try outline.parent(of: "x") }
    #expect(throws: SnapshotError.itemNotFound("x")) { try outline.children(of: "x") }
    #expect(throws: SnapshotError.itemNotFound("x")) { try outline.snapshot(of: "x") }
    #expect(outline == before)
  }

  @Test("a snapshot section shows the outline's visible items")
  func inSnapshot() throws {
    var snapshot = Snapshot<String, String>()
    try snapshot.appendSections(["list", "other"])
    try snapshot.appendItems(["note"], toSection: "other")
    var outline = try todoOutline()
    try snapshot.setSectionSnapshot(outline, for: "list")
    #expect(try snapshot.itemIdentifiers(inSection: "list") == ["Undone", "Done"])
    #expect(snapshot.hasSectionSnapshot(for: "list"))
    #expect(try snapshot.sectionSnapshot(for: "list") == outline)
    try outline.expand(["Undone"])
    try snapshot.setSectionSnapshot(outline, for: "list")
    #expect(try snapshot.itemIdentifiers(inSection: "list") == ["Undone", "milk", "bread", "Done"])
    #expect(snapshot.indexPath(of: "bread") == ElementPath(element: 2, section: 0))
    // A hidden outline item still counts as present.
    #expect(throws: SnapshotError.duplicateItem("rye")) {
      try snapshot.appendItems(["rye"], toSection: "other")
    }
    #expect(throws: SnapshotError.sectionHasOutline("list")) {
      try snapshot.appendItems(["tea"], toSection: "list")
    }
    #expect(throws: SnapshotError.sectionHasOutline("list")) {
      try snapshot.moveItem("note", beforeItem: "milk")
    }
    // Deleting through the snapshot deletes from the outline, with descendants.
    try snapshot.deleteItems(["bread"])
    #expect(try snapshot.itemIdentifiers(inSection: "list") == ["Undone", "milk", "Done"])
    #expect(try !snapshot.sectionSnapshot(for: "list").contains("rye"))
    #expect(snapshot._checkInvariants())
    // An outline item that another section shows is a duplicate.
    var clash = SectionSnapshot<String>()
    try clash.append(["note"])
    #expect(throws: SnapshotError.duplicateItem("note")) {
      try snapshot.setSectionSnapshot(clash, for: "list")
    }
    #expect(throws: SnapshotError.sectionNotFound("x")) {
      try snapshot.setSectionSnapshot(clash, for: "x")
    }
    // A flat section gives a flat outline.
    #expect(try snapshot.sectionSnapshot(for: "other").rootItems == ["note"])
    try snapshot.deleteSections(["list"])
    try snapshot.appendItems(["rye"], toSection: "other")
    #expect(snapshot._checkInvariants())
  }
}

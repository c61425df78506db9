import Diffable

/// What a list screen shows: the sections and items of a `Diffable` snapshot, each section's
/// header and each item's ``Cell``.
///
/// ```swift
/// var snapshot = Snapshot<String, String>()
/// try snapshot.appendSections(["today"])
/// try snapshot.appendItems(["milk", "pears"], toSection: "today")
/// let content = ListContent(
///   snapshot: snapshot, headers: ["today": "Today"],
///   cells: ["milk": Cell("Buy milk"), "pears": Cell("Pears 🍐")])
/// ```
public struct ListContent<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  /// The sections and their items in display order.
  public var snapshot: Snapshot<SectionID, ItemID>
  /// The header row of each section that has one; a section without one has no header row.
  public var headers: [SectionID: String]
  /// The cell of every item of ``snapshot``; an item without one is drawn as an empty row.
  public var cells: [ItemID: Cell]

  /// Creates list content.
  public init(
    snapshot: Snapshot<SectionID, ItemID> = Snapshot(), headers: [SectionID: String] = [:],
    cells: [ItemID: Cell] = [:]
  ) {
    self.snapshot = snapshot
    self.headers = headers
    self.cells = cells
  }
}

/// One row of the list region: a section's header or an item.
enum RowKey<SectionID: Hashable, ItemID: Hashable>: Hashable {
  case header(SectionID)
  case item(ItemID)
}

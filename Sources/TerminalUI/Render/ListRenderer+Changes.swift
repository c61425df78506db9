import Diffable

extension ListRenderer {
  /// Moves the screen to `content`, diffing its snapshot from the one shown: items whose
  /// cell changed are updates, sections whose header changed are reloads.
  ///
  /// - Complexity: O(n) for the n items of the two snapshots, plus what
  ///   ``apply(_:content:)`` costs.
  public mutating func update(to content: ListContent<SectionID, ItemID>) -> [UInt8] {
    let old = self.content
    var target = content.snapshot
    let retitled = target.sectionIdentifiers.filter {
      old.snapshot.contains(section: $0) && old.headers[$0] != content.headers[$0]
    }
    // A header that comes or goes changes the section's rows: a reload. A header whose text
    // changes is one row to rewrite.
    try? target.reloadSections(
      retitled.filter { (old.headers[$0] == nil) != (content.headers[$0] == nil) })
    let changes = StagedChangeset(
      source: old.snapshot, target: target,
      isItemContentEqual: { old.cells[$0] == content.cells[$0] })
    return apply(changes, content: content, stale: Set(retitled.map { .header($0) }))
  }

  /// Applies a staged changeset stage by stage, as a list view does, and shows `content`,
  /// its target: a deleted row leaves with a delete-line, an inserted one enters with an
  /// insert-line, a moved one does both, an updated one is rewritten, and the rows that
  /// scroll into the window's bottom are drawn. No other row is written.
  ///
  /// A change above the window shifts ``top`` so that the rows in view stay put.
  ///
  /// - Parameters:
  ///   - changes: The changes from the snapshot shown to `content.snapshot`.
  ///   - content: The content after the changes.
  /// - Complexity: O(s·n + k·h) for s stages, n rows, k changed rows and h visible lines.
  public mutating func apply(
    _ changes: StagedChangeset<[SnapshotSection<SectionID, ItemID>]>,
    content: ListContent<SectionID, ItemID>
  ) -> [UInt8] {
    apply(changes, content: content, stale: [])
  }

  /// Applies `changes`, and also rewrites the visible rows of `stale` at the end.
  private mutating func apply(
    _ changes: StagedChangeset<[SnapshotSection<SectionID, ItemID>]>,
    content: ListContent<SectionID, ItemID>, stale: Set<Key>
  ) -> [UInt8] {
    let old = self.content
    // Until the last stage, a section shown before keeps its header row (or its lack of
    // one); a reload in the last stage changes it.
    var interimHeaders = old.headers
    for (section, header) in content.headers where !old.snapshot.contains(section: section) {
      interimHeaders[section] = header
    }
    var sections = old.snapshot.sections
    var stale = stale
    var output = ""
    var consistent = true
    for (index, stage) in changes.enumerated() {
      let headers = index == changes.count - 1 ? content.headers : interimHeaders
      let before = rows
      let after = Self.rows(of: stage.data, headers: headers)
      let keys = changedKeys(stage, before: sections, beforeHeaders: before, after: after)
      stale.formUnion(keys.stale)
      for (row, key) in before.enumerated().reversed() where keys.removed.contains(key) {
        output += removeRow(at: row)
      }
      if rows != after.filter({ !keys.inserted.contains($0) }) { consistent = false }
      for (row, key) in after.enumerated() where keys.inserted.contains(key) {
        output += insertRow(key, at: row)
      }
      if rows != after {
        consistent = false
        rows = after
      }
      sections = stage.data
    }
    self.content = content
    let final = Self.rows(of: content.snapshot.sections, headers: content.headers)
    if !consistent || rows != final || visibleHeight < 2 {
      // Changes that do not lead to the content: show it as it is.
      rows = final
      top = clampedTop(top)
      forgetListRegion()
      return Array((output + clearListRegion() + syncLines(stale: [])).utf8)
    }
    // Rows that went from the end pull the window up rather than leave blank lines under it.
    top = clampedTop(top)
    return Array((output + syncLines(stale: stale)).utf8)
  }

  // MARK: - Rows that change

  /// The rows a stage removes (deletes, move sources, changed sections), inserts (inserts,
  /// move targets, changed sections) and leaves in place with new content (updates, and the
  /// header of a reloaded section that keeps its rows).
  private func changedKeys(
    _ stage: Changeset<[SnapshotSection<SectionID, ItemID>]>,
    before sections: [SnapshotSection<SectionID, ItemID>], beforeHeaders before: [Key],
    after: [Key]
  ) -> (removed: Set<Key>, inserted: Set<Key>, stale: Set<Key>) {
    var removed = Set<Key>()
    var inserted = Set<Key>()
    var stale = Set<Key>()
    func rows(of section: SnapshotSection<SectionID, ItemID>) -> [Key] {
      [.header(section.identifier)] + section.items.map { .item($0) }
    }
    for index in stage.sectionDeleted { removed.formUnion(rows(of: sections[index])) }
    for index in stage.sectionInserted { inserted.formUnion(rows(of: stage.data[index])) }
    for move in stage.sectionMoved {
      removed.formUnion(rows(of: sections[move.source]))
      inserted.formUnion(rows(of: stage.data[move.target]))
    }
    for index in stage.sectionUpdated {
      let id = sections[index].identifier
      let oldRows = before.filter { sectionKey($0, in: sections[index]) }
      let newRows = stage.data.first { $0.identifier == id }.map { section in
        after.filter { sectionKey($0, in: section) }
      }
      if oldRows == newRows {
        stale.formUnion(oldRows)
      } else {
        removed.formUnion(rows(of: sections[index]))
        if let section = stage.data.first(where: { $0.identifier == id }) {
          inserted.formUnion(rows(of: section))
        }
      }
    }
    for path in stage.elementDeleted {
      removed.insert(.item(sections[path.section].items[path.element]))
    }
    for path in stage.elementInserted {
      inserted.insert(.item(stage.data[path.section].items[path.element]))
    }
    for move in stage.elementMoved {
      removed.insert(.item(sections[move.source.section].items[move.source.element]))
      inserted.insert(.item(stage.data[move.target.section].items[move.target.element]))
    }
    for path in stage.elementUpdated {
      stale.insert(.item(sections[path.section].items[path.element]))
    }
    return (removed, inserted, stale)
  }

  private func sectionKey(_ key: Key, in section: SnapshotSection<SectionID, ItemID>) -> Bool {
    switch key {
    case .header(let id): id == section.identifier
    case .item(let item): section.items.contains(item)
    }
  }

  // MARK: - Terminal operations

  /// Removes the row at `index`; a visible row leaves with a delete-line.
  private mutating func removeRow(at index: Int) -> String {
    rows.remove(at: index)
    if index < top {
      top -= 1
      return ""
    }
    let line = index - top
    guard line < visibleHeight, visibleHeight >= 2 else { return "" }
    screen.remove(at: line)
    screen.append(nil)
    screenOverlay.remove(at: line)
    screenOverlay.append(nil)
    return ControlSequence.moveTo(row: line + listTopRow) + ControlSequence.deleteLine
  }

  /// Inserts `key` at `index`; at a visible place a blank line opens for it.
  private mutating func insertRow(_ key: Key, at index: Int) -> String {
    rows.insert(key, at: index)
    if index < top {
      top += 1
      return ""
    }
    let line = index - top
    guard line < visibleHeight, visibleHeight >= 2 else { return "" }
    screen.insert(nil, at: line)
    screen.removeLast()
    screenOverlay.insert(nil, at: line)
    screenOverlay.removeLast()
    return ControlSequence.moveTo(row: line + listTopRow) + ControlSequence.insertLine
  }

  private mutating func clearListRegion() -> String {
    var output = ""
    for line in 0..<visibleHeight {
      output += ControlSequence.moveTo(row: line + listTopRow) + ControlSequence.clearLine
    }
    return output
  }
}

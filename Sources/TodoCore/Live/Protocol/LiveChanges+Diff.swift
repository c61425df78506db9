import Diffable
import Foundation

extension LiveChanges {
  /// The changes that turn a page showing `old` into one showing `new`.
  ///
  /// Items are compared by identifier and by cell content: an item whose cell changed is
  /// updated in place, so the browser keeps its DOM node.
  ///
  /// - Parameters:
  ///   - old: The page as the browser shows it.
  ///   - new: The page to show.
  ///   - revision: The revision `new` becomes.
  /// - Complexity: O(n + m) plus O(n log n) for minimal moves (the `Diffable` diff); the
  ///   message holds only the changed items.
  public init(from old: PageSnapshot, to new: PageSnapshot, revision: Int) {
    let staged = StagedChangeset(source: old.items, target: new.items) { id in
      old.cells[id] == new.cells[id]
    }
    var previous = old.items.sections
    var stages: [Stage] = []
    var cells: [String: LiveCell] = [:]
    for changeset in staged {
      let data = changeset.data
      var stage = Stage()
      stage.sectionDeleted = changeset.sectionDeleted
      stage.sectionInserted = changeset.sectionInserted.map {
        Stage.Section(
          index: $0, id: data[$0].identifier, header: new.headers[data[$0].identifier],
          items: data[$0].items)
      }
      stage.sectionUpdated = changeset.sectionUpdated.map {
        Stage.Section(index: $0, id: data[$0].identifier, header: new.headers[data[$0].identifier])
      }
      stage.sectionMoved = changeset.sectionMoved
      stage.itemDeleted = changeset.elementDeleted.map {
        Stage.Item(
          section: $0.section, element: $0.element, id: previous[$0.section].items[$0.element])
      }
      stage.itemInserted = changeset.elementInserted.map {
        Stage.Item(section: $0.section, element: $0.element, id: data[$0.section].items[$0.element])
      }
      stage.itemUpdated = changeset.elementUpdated.map {
        Stage.Item(section: $0.section, element: $0.element, id: data[$0.section].items[$0.element])
      }
      stage.itemMoved = changeset.elementMoved.map {
        Stage.Move(
          from: [$0.source.section, $0.source.element],
          to: [$0.target.section, $0.target.element],
          id: data[$0.target.section].items[$0.target.element])
      }
      for item in stage.itemInserted + stage.itemUpdated { cells[item.id] = new.cells[item.id] }
      for section in stage.sectionInserted {
        for id in section.items ?? [] { cells[id] = new.cells[id] }
      }
      stages.append(stage)
      previous = data
    }
    // Sections are compared by identifier only, so a heading that changed on a section that
    // stays ("Tomorrow" becoming "Today", a count) is sent as an update after the last stage.
    let headings = new.items.sections.enumerated().compactMap { index, section -> Stage.Section? in
      let id = section.identifier
      guard old.items.contains(section: id), old.headers[id] != new.headers[id] else { return nil }
      return Stage.Section(index: index, id: id, header: new.headers[id])
    }
    if !headings.isEmpty {
      if stages.isEmpty { stages.append(Stage()) }
      stages[stages.count - 1].sectionUpdated += headings
    }
    self.init(
      revision: revision, stages: stages, cells: cells,
      chrome: old.chrome == new.chrome ? nil : new.chrome,
      counts: old.counts == new.counts ? nil : new.counts)
  }
}

import Foundation

extension ListPart {
  /// The changes from `old` to `new`, two parts of one query's view a commit apart, rendering
  /// and diffing only the todos that differ; `nil` when they are not such parts (then the
  /// whole parts are diffed).
  ///
  /// A query's todos come in list order and are shown in one section per list, in that order:
  /// as for a plain list (``incrementalChanges(from:to:)``), the todos that keep their place
  /// are walked from both ends, and what lies between the first and the last that moved,
  /// appeared or went is rendered and diffed, when it lies within one list that has a section
  /// before and after.
  ///
  /// - Complexity: O(n) comparisons of todos that mostly share their storage, plus the
  ///   rendering and diff of the todos between the first and last change of place.
  static func incrementalQueryChanges(from old: ListPart, to new: ListPart) -> LiveChanges? {
    let (was, now) = (old.state, new.state)
    guard let query = now.data.query, was.data.query == query, was.data.view == nil,
      now.data.view == nil, was.search.text.isEmpty, now.search.text.isEmpty,
      was.data.lists == now.data.lists, was.data.members == now.data.members,
      was.data.parentTitles == now.data.parentTitles, was.data.now == now.data.now,
      was.data.timeZone == now.data.timeZone, was.list.rows == now.list.rows
    else { return nil }
    let before = was.data.queryTodos
    let after = now.data.queryTodos
    if let rows = now.list.rows, max(before.count, after.count) > rows { return nil }
    let oldCounts = sections(of: before)
    let newCounts = sections(of: after)
    // One section per list, in the sidebar's order, the same in both.
    let sections = newCounts.map(\.list)
    let shown = Set(sections)
    guard oldCounts.map(\.list) == sections, shown.count == sections.count,
      now.data.lists.map(\.id).filter(shown.contains) == sections
    else { return nil }
    let (front, back, updatedInPlace) = keptEnds(before, after)
    let oldWindow = before[front..<(before.count - back)]
    let newWindow = after[front..<(after.count - back)]
    // The window within one list's section, which both parts have.
    var section: Int?
    var offset = 0
    if !oldWindow.isEmpty || !newWindow.isEmpty {
      let lists = Set(oldWindow.map(\.listID) + newWindow.map(\.listID))
      guard lists.count == 1, let list = lists.first,
        let index = newCounts.firstIndex(where: { $0.list == list })
      else { return nil }
      section = index
      // The todos of the list before the window: the same in both (none of them changed place).
      offset = front - oldCounts[..<index].reduce(0) { $0 + $1.count }
      guard offset >= 0 else { return nil }
    }
    let day = AgendaDay(now: now.data.now, calendar: now.data.deadlineCalendar)
    let cell = { (todo: Todo) in
      LiveCell(todo, on: day, names: now.data.assigneeNames, parents: now.data.parentTitles)
    }
    var stages: [LiveChanges.Stage] = []
    var cells: [String: LiveCell] = [:]
    if !updatedInPlace.isEmpty {
      var stage = LiveChanges.Stage()
      for (index, target) in updatedInPlace.sorted(by: { $0.before < $1.before }) {
        let id = before[index].id.text
        // Its section is the one its place falls in.
        var (section, element) = (0, index)
        while element >= oldCounts[section].count {
          element -= oldCounts[section].count
          section += 1
        }
        stage.itemUpdated.append(.init(section: section, element: element, id: id))
        cells[id] = cell(after[target])
      }
      stages.append(stage)
    }
    if let section {
      func slice(_ todos: ArraySlice<Todo>) -> PageSnapshot {
        var page = PageSnapshot()
        let ids = todos.map(\.id.text)
        try? page.items.appendSections(["window"])
        try? page.items.appendItems(ids, toSection: "window")
        for (id, todo) in zip(ids, todos) { page.cells[id] = cell(todo) }
        return page
      }
      let window = LiveChanges(from: slice(oldWindow), to: slice(newWindow), revision: 0)
      cells.merge(window.cells) { $1 }
      for var stage in window.stages {
        guard stage.sectionDeleted.isEmpty, stage.sectionInserted.isEmpty,
          stage.sectionUpdated.isEmpty, stage.sectionMoved.isEmpty
        else { return nil }
        func placed(_ item: LiveChanges.Stage.Item) -> LiveChanges.Stage.Item {
          .init(section: section, element: item.element + offset, id: item.id)
        }
        stage.itemDeleted = stage.itemDeleted.map(placed)
        stage.itemInserted = stage.itemInserted.map(placed)
        stage.itemUpdated = stage.itemUpdated.map(placed)
        stage.itemMoved = stage.itemMoved.map { move in
          var move = move
          move.from = [section, move.from[1] + offset]
          move.to = [section, move.to[1] + offset]
          return move
        }
        stages.append(stage)
      }
    }
    let counts = newCounts.map(\.count)
    return LiveChanges(
      revision: 0, stages: stages, cells: cells, chrome: nil,
      counts: now.list.rows == nil || oldCounts.map(\.count) == counts ? nil : counts)
  }

  /// Each section's list and number of todos, for todos in list order (a section per run of
  /// one list).
  private static func sections(of todos: [Todo]) -> [(list: UUID, count: Int)] {
    var counts: [(list: UUID, count: Int)] = []
    for index in todos.indices {
      let list = todos[index].listID
      if counts.last?.list == list {
        counts[counts.count - 1].count += 1
      } else {
        counts.append((list, 1))
      }
    }
    return counts
  }
}

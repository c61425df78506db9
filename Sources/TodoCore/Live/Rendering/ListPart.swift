import Diffable
import Foundation
import Synchronization

/// The list part of every page that shows one list's data one way: the state it comes from,
/// and its rendering (``PageSnapshot/init(listOnly:)``), made only when a page needs it whole
/// (its first snapshot, or a change no cheaper diff covers).
///
/// Between two list parts of the same view (a commit apart), ``incrementalChanges(from:to:)``
/// renders and diffs only the todos that differ: a commit that changes one todo of ten
/// thousand costs what that todo costs, not what the list does.
final class ListPart: Sendable {
  /// The state the part renders (its chrome is each page's own).
  let state: LivePage.State
  /// How many of the list's todos are not done, for the chrome's counter.
  let remaining: Int
  /// Whether some of the list's todos are subtasks: the list is then an outline, whose order
  /// is not the todos' order.
  let hasSubtasks: Bool
  private let rendered = Mutex<PageSnapshot?>(nil)

  init(_ state: LivePage.State) {
    self.state = state
    // A smart view or a query shows todos of every list: the chosen list's are not read.
    let list = state.data.view == nil && state.data.query == nil ? state.data.todos : []
    // Each todo's fields read in place, in one pass: a todo copied out of the array retains
    // each of its fields, and this runs for every view at each commit.
    var remaining = 0
    var hasSubtasks = false
    for index in list.indices {
      if list[index].status != .done { remaining += 1 }
      if list[index].parentID != nil { hasSubtasks = true }
    }
    self.remaining = remaining
    self.hasSubtasks = hasSubtasks
  }

  /// The rendered list part, computed on first use.
  var page: PageSnapshot {
    if let page = rendered.withLock({ $0 }) { return page }
    let page = PageSnapshot(listOnly: state)
    rendered.withLock { $0 = page }
    return page
  }

  /// Whether the pages of this view can be diffed from their todos alone: one section in list
  /// order holding every row (a page holding only the first rows diffs those, rendered
  /// alone), each todo shown or not on its own (no search, whose matching is costly, no sort
  /// by deadline or priority, no groups, no subtasks, no smart view, no saved filter or tag).
  private var isIncremental: Bool {
    state.data.view == nil && state.data.query == nil && state.list.layout == .plain
      && state.list.rows == nil && !hasSubtasks
      && !state.list.sortByDeadline
      && !state.list.sortByPriority && state.search.text.isEmpty
  }

  private func isShown(_ todo: Todo) -> Bool {
    switch state.list.filter {
    case .all: true
    case .active: todo.status != .done
    case .completed: todo.status == .done
    }
  }

  /// The changes from `old` to `new`, two parts of the same view, rendering and diffing only
  /// the todos that differ; `nil` when the view is not one that can (then the whole parts are
  /// diffed).
  ///
  /// From each end, the todos that keep their place are walked by identifier; those whose
  /// content changed are updates. What lies between the first and the last todo that moved,
  /// appeared or went (usually nothing, or the todo a commit added) is rendered and diffed.
  ///
  /// - Complexity: O(n) comparisons of todos that mostly share their storage, plus the
  ///   rendering and diff of the todos between the first and last change of place.
  static func incrementalChanges(from old: ListPart, to new: ListPart) -> LiveChanges? {
    guard old.isIncremental, new.isIncremental, old.state.list.filter == new.state.list.filter,
      old.state.data.members == new.state.data.members,
      old.state.data.now == new.state.data.now, old.state.data.timeZone == new.state.data.timeZone
    else { return nil }
    let before = old.state.data.todos
    let after = new.state.data.todos
    // Updated in place, at the same index in both lists (all shown: filter `all`), or
    // anywhere in the window (other filters show or hide a todo when it changes).
    var updatedInPlace: [(before: Int, after: Int)] = []
    var front = 0
    var back = 0
    if old.state.list.filter == .all {
      (front, back, updatedInPlace) = keptEnds(before, after)
    } else {
      let shortest = min(before.count, after.count)
      while front < shortest, before[front] == after[front] { front += 1 }
      while back < shortest - front,
        before[before.count - 1 - back] == after[after.count - 1 - back]
      {
        back += 1
      }
    }
    let offset = before[..<front].count { old.isShown($0) }
    let window = LiveChanges(
      from: old.slice(before[front..<(before.count - back)]),
      to: new.slice(after[front..<(after.count - back)]), revision: 0)
    var stages: [LiveChanges.Stage] = []
    var cells = window.cells
    if !updatedInPlace.isEmpty {
      let day = AgendaDay(now: new.state.data.now, calendar: new.state.data.deadlineCalendar)
      // Like the diff's own first stage: updates where the todos stand before the change.
      var stage = LiveChanges.Stage()
      for (index, target) in updatedInPlace.sorted(by: { $0.before < $1.before }) {
        let id = before[index].id.text
        stage.itemUpdated.append(.init(section: 0, element: index, id: id))
        cells[id] = LiveCell(after[target], on: day, names: new.state.data.assigneeNames)
      }
      stages.append(stage)
    }
    for var stage in window.stages {
      guard stage.sectionDeleted.isEmpty, stage.sectionInserted.isEmpty,
        stage.sectionUpdated.isEmpty, stage.sectionMoved.isEmpty
      else { return nil }
      func shifted(_ item: LiveChanges.Stage.Item) -> LiveChanges.Stage.Item {
        var item = item
        item.element += offset
        return item
      }
      stage.itemDeleted = stage.itemDeleted.map(shifted)
      stage.itemInserted = stage.itemInserted.map(shifted)
      stage.itemUpdated = stage.itemUpdated.map(shifted)
      stage.itemMoved = stage.itemMoved.map { move in
        var move = move
        move.from[1] += offset
        move.to[1] += offset
        return move
      }
      stages.append(stage)
    }
    return LiveChanges(revision: 0, stages: stages, cells: cells, chrome: nil)
  }

  /// How many todos keep their place at the front and at the back of `before` and `after`,
  /// walked by identifier, and those among them whose content changed (their indices in
  /// each).
  ///
  /// - Complexity: O(n) comparisons of todos that mostly share their storage.
  static func keptEnds(_ before: [Todo], _ after: [Todo]) -> (
    front: Int, back: Int, updated: [(before: Int, after: Int)]
  ) {
    var updated: [(before: Int, after: Int)] = []
    var front = 0
    var back = 0
    let shortest = min(before.count, after.count)
    while front < shortest, before[front].id == after[front].id {
      if before[front] != after[front] { updated.append((front, front)) }
      front += 1
    }
    while back < shortest - front,
      before[before.count - 1 - back].id == after[after.count - 1 - back].id
    {
      if before[before.count - 1 - back] != after[after.count - 1 - back] {
        updated.append((before.count - 1 - back, after.count - 1 - back))
      }
      back += 1
    }
    return (front, back, updated)
  }

  /// The list part of some of the todos, as ``PageSnapshot/init(listOnly:)`` renders it.
  private func slice(_ todos: ArraySlice<Todo>) -> PageSnapshot {
    PageSnapshot(
      plain: todos.filter(isShown), now: state.data.now, calendar: state.data.deadlineCalendar,
      names: state.data.assigneeNames)
  }
}

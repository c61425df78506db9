import Foundation
import Persistence

@testable import TodoCore

/// Pages of ``LivePage`` for the terminal's tests: a state with lists and todos, rendered
/// by the same `PageSnapshot` the web page is sent.
enum TuiPages {
  static let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18
  static let work = UUID(uuidString: "00000000-0000-4000-8000-0000000000AA")!

  static let milk = UUID(uuidString: "00000000-0000-4000-8000-000000000101")!
  static let report = UUID(uuidString: "00000000-0000-4000-8000-000000000102")!
  static let tax = UUID(uuidString: "00000000-0000-4000-8000-000000000103")!
  static let pears = UUID(uuidString: "00000000-0000-4000-8000-000000000104")!

  /// The Inbox with four todos: not started, in progress, overdue, done.
  static func state(layout: PageList.Layout = .plain) throws -> LivePage.State {
    var state = LivePage.State()
    state.data.loaded = true
    state.data.now = now
    state.list.layout = layout
    let order = try OrderKey.spaced(4, between: nil, and: nil)
    state.data.lists = [
      TodoList(
        id: TodoList.inboxID, name: "Inbox", order: order[0], createdAt: now, updatedAt: now),
      TodoList(id: work, name: "Work", order: order[1], createdAt: now, updatedAt: now),
    ]
    func todo(
      _ id: UUID, _ title: String, _ index: Int, status: TodoStatus = .notStarted,
      deadline: Deadline? = nil, section: String? = nil
    ) -> Todo {
      Todo(
        id: id, listID: TodoList.inboxID, title: title, deadline: deadline, status: status,
        section: section, order: order[index], createdAt: now, updatedAt: now)
    }
    state.data.todos = [
      todo(milk, "Buy milk", 0, section: "Home"),
      todo(report, "Write report", 1, status: .inProgress, section: "Work"),
      todo(
        tax, "Pay tax", 2, deadline: try Deadline(year: 2001, month: 1, day: 1), section: "Home"),
      todo(pears, "Pears", 3, status: .done),
    ]
    return state
  }

  static func page(layout: PageList.Layout = .plain) throws -> PageSnapshot {
    PageSnapshot(try state(layout: layout))
  }
}

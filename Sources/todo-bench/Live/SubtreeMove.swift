import Foundation
import Logging
import TodoCore

/// Moving a parent with a large subtree inside its list: how many rows the move writes (a
/// subtask's order counts among its siblings, so the parent's row alone is the target) and
/// how long the move takes.
enum SubtreeMove {
  /// What one move wrote and cost.
  struct Result {
    /// The todos under the moved parent.
    var descendants: Int
    /// The rows whose version the move changed.
    var rowsWritten: Int
    /// The move's time, in milliseconds.
    var milliseconds: Double
  }

  /// Builds a parent with `descendants` todos under it (ten children, the rest their
  /// subtasks) below another todo, moves the parent above that todo, and compares every
  /// todo's version before and after.
  static func measure(descendants: Int, engine: BenchEngine, logger: Logger) async throws
    -> Result
  {
    try await engine.withNewStore("subtree", logger: logger) { location in
      let service = try await TodoService.open(location)
      defer { try? service.close() }
      let above = try await service.createTodo(NewTodo(title: "Above"))
      let parent = try await service.createTodo(NewTodo(title: "Parent"))
      let childCount = min(10, descendants)
      var children: [UUID] = []
      for index in 0..<childCount {
        children.append(
          try await service.createTodo(NewTodo(title: "Child \(index)", parentID: parent.id)).id)
      }
      for index in 0..<(descendants - childCount) {
        _ = try await service.createTodo(
          NewTodo(title: "Step \(index)", parentID: children[index % childCount]))
      }
      let before = try await service.todos(inList: TodoList.inboxID)
      let start = ContinuousClock.now
      _ = try await service.moveTodo(id: parent.id, to: .before(above.id))
      let elapsed = ContinuousClock.now - start
      let after = try await service.todos(inList: TodoList.inboxID)
      let versions = Dictionary(uniqueKeysWithValues: before.map { ($0.id, $0.version) })
      guard TodoOutline(after).todos.first?.id == parent.id else {
        throw BenchError("the moved parent is not first in its list")
      }
      return Result(
        descendants: descendants,
        rowsWritten: after.count { versions[$0.id] != $0.version },
        milliseconds: Double(elapsed.components.attoseconds) / 1e15
          + Double(elapsed.components.seconds) * 1_000)
    }
  }
}

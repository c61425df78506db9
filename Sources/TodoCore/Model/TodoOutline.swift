import Foundation

/// Todos arranged as an outline: each parent followed by its subtasks, to any depth, siblings
/// in the order given.
///
/// A todo whose parent is not among the todos (filtered out, or in the trash) is shown at the
/// top level, so nothing a filter keeps disappears.
///
/// ```swift
/// let outline = TodoOutline(try await service.todos(inList: list.id))
/// for row in outline.rows { print(String(repeating: "  ", count: row.level) + row.todo.title) }
/// ```
public struct TodoOutline: Sendable {
  /// One todo of the outline with its depth.
  public struct Row: Sendable, Hashable {
    /// The todo.
    public var todo: Todo
    /// 0 for a top-level todo, 1 for its subtasks, and so on.
    public var level: Int
  }

  /// The todos, each parent before its subtasks.
  public private(set) var rows: [Row] = []

  /// Arranges `todos` (in the order siblings are shown) as an outline.
  ///
  /// - Parameters:
  ///   - todos: The todos, in display order.
  ///   - root: The todo whose subtasks these are, if they are a subtree; its children are then
  ///     the top level.
  /// - Complexity: O(n).
  public init(_ todos: [Todo], under root: UUID? = nil) {
    let present = Set(todos.map(\.id))
    var children: [UUID: [Todo]] = [:]
    var roots: [Todo] = []
    for todo in todos {
      if let parent = todo.parentID, parent != root, present.contains(parent) {
        children[parent, default: []].append(todo)
      } else {
        roots.append(todo)
      }
    }
    var placed: Set<UUID> = []
    var stack = roots.reversed().map { Row(todo: $0, level: 0) }
    rows.reserveCapacity(todos.count)
    while let row = stack.popLast() {
      guard placed.insert(row.todo.id).inserted else { continue }
      rows.append(row)
      for child in (children[row.todo.id] ?? []).reversed() {
        stack.append(Row(todo: child, level: row.level + 1))
      }
    }
    // A cycle (which the store refuses, but a hand-edited document could hold) is shown flat.
    for todo in todos where !placed.contains(todo.id) { rows.append(Row(todo: todo, level: 0)) }
  }

  /// The todos in outline order.
  public var todos: [Todo] { rows.map(\.todo) }

  /// The todos of `todos` under `id`, all levels, each parent before its subtasks.
  ///
  /// - Complexity: O(n).
  public static func subtree(of id: UUID, in todos: [Todo]) -> [Todo] {
    var children: [UUID: [Todo]] = [:]
    for todo in todos {
      if let parent = todo.parentID { children[parent, default: []].append(todo) }
    }
    var result: [Todo] = []
    var seen: Set<UUID> = [id]
    var stack = (children[id] ?? []).reversed().map { $0 }
    while let todo = stack.popLast() {
      guard seen.insert(todo.id).inserted else { continue }
      result.append(todo)
      stack += (children[todo.id] ?? []).reversed()
    }
    return result
  }

  /// How many of each parent's subtasks (direct children) are done, and how many it has,
  /// counted over `todos`: a parent's progress ("2/5").
  ///
  /// - Complexity: O(n).
  public static func progress(of todos: some Sequence<Todo>) -> [UUID: Progress] {
    var result: [UUID: Progress] = [:]
    for todo in todos {
      guard let parent = todo.parentID else { continue }
      result[parent, default: Progress()].total += 1
      if todo.status == .done { result[parent, default: Progress()].done += 1 }
    }
    return result
  }

  /// A parent's done and total subtasks.
  public struct Progress: Sendable, Hashable {
    /// How many of its subtasks are done.
    public var done = 0
    /// How many subtasks it has.
    public var total = 0

    /// "2/5".
    public var text: String { "\(done)/\(total)" }
  }
}

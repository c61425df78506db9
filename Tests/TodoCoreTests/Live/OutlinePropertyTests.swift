import Foundation
import Testing

@testable import TodoCore

/// Random indents, outdents and moves through the store, against a model of the outline: the
/// page draws what the model says, the staged changeset between two pages brings a replica
/// from one to the other, and a move writes the moved todo's row alone.
@Suite("Outline: random restructuring against a model")
struct OutlinePropertyTests {
  /// The outline as a tree of children by parent (`nil` for the top level), in order.
  struct Model {
    var children: [UUID?: [UUID]] = [:]

    func parent(of id: UUID) -> UUID? {
      children.first { $0.value.contains(id) }!.key
    }

    func subtree(of id: UUID) -> Set<UUID> {
      var result: Set<UUID> = [id]
      for child in children[id] ?? [] { result.formUnion(subtree(of: child)) }
      return result
    }

    /// Depth first: `level title` for each todo.
    func rows(_ titles: [UUID: String]) -> [String] {
      var result: [String] = []
      func walk(_ parent: UUID?, _ level: Int) {
        for id in children[parent] ?? [] {
          result.append("\(level) \(titles[id]!)")
          walk(id, level + 1)
        }
      }
      walk(nil, 0)
      return result
    }

    mutating func remove(_ id: UUID) -> UUID? {
      let parent = parent(of: id)
      children[parent]?.removeAll { $0 == id }
      return parent
    }

    /// Indents `id` under the sibling above it; `false` when there is none.
    mutating func indent(_ id: UUID) -> Bool {
      let siblings = children[parent(of: id)]!
      let index = siblings.firstIndex(of: id)!
      guard index > 0 else { return false }
      _ = remove(id)
      children[siblings[index - 1], default: []].append(id)
      return true
    }

    /// Outdents `id` to just after its parent; `false` for a top-level todo.
    mutating func outdent(_ id: UUID) -> Bool {
      guard let parent = parent(of: id) else { return false }
      _ = remove(id)
      let grandparent = self.parent(of: parent)
      let index = children[grandparent]!.firstIndex(of: parent)!
      children[grandparent]!.insert(id, at: index + 1)
      return true
    }

    /// Moves `id` next to `anchor` at its level; `false` into its own subtree.
    mutating func move(_ id: UUID, next anchor: UUID, after: Bool) -> Bool {
      guard !subtree(of: id).contains(anchor) else { return false }
      _ = remove(id)
      let parent = parent(of: anchor)
      let index = children[parent]!.firstIndex(of: anchor)!
      children[parent]!.insert(id, at: after ? index + 1 : index)
      return true
    }
  }

  /// The page of the Inbox's `todos` in the plain layout.
  static func page(_ todos: [Todo]) throws -> PageSnapshot {
    var state = try PageReplicaTests.state([])
    state.data.todos = todos
    return PageSnapshot(state)
  }

  @Test("indent, outdent and moves keep the page equal to the model, in staged changesets")
  func randomRestructuring() async throws {
    try await TemporaryStore.with { service, _ in
      var random = LinearCongruential(seed: 31)
      var model = Model()
      var titles: [UUID: String] = [:]
      for index in 0..<10 {
        let todo = try await service.createTodo(NewTodo(title: "T\(index)"))
        model.children[nil, default: []].append(todo.id)
        titles[todo.id] = todo.title
      }
      let ids = Array(titles.keys).sorted { titles[$0]! < titles[$1]! }
      var pages = [try Self.page(try await service.todos(inList: TodoList.inboxID))]
      for step in 0..<80 {
        let id = ids[random.next(below: ids.count)]
        let before = try await service.todos(inList: TodoList.inboxID)
        var expected = true
        do {
          switch random.next(below: 4) {
          case 0:
            expected = model.indent(id)
            try await service.indentTodo(id: id)
          case 1:
            expected = model.outdent(id)
            try await service.outdentTodo(id: id)
          default:
            let anchor = ids[random.next(below: ids.count)]
            guard anchor != id else { continue }
            let after = random.next(below: 2) == 0
            expected = model.move(id, next: anchor, after: after)
            _ = try await service.moveTodo(id: id, to: after ? .after(anchor) : .before(anchor))
          }
          #expect(expected, "step \(step): the store took what the model refuses")
        } catch let error as TodoError {
          #expect(!expected, "step \(step): \(error)")
        }
        let after = try await service.todos(inList: TodoList.inboxID)
        let changed = after.filter { todo in before.first { $0.id == todo.id } != todo }
        #expect(changed.count <= 1, "step \(step): \(changed.count) rows written")
        let shown = TodoOutline(after).rows.map { "\($0.level) \($0.todo.title)" }
        #expect(shown == model.rows(titles), "step \(step)")
        let page = try Self.page(after)
        #expect(
          page.items.itemIdentifiers.compactMap { page.cells[$0].map { "\($0.level) \($0.title)" } }
            == model.rows(titles), "step \(step): the page")
        pages.append(page)
      }
      try PageReplicaTests.follow(pages)
    }
  }
}

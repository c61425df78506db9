import Foundation
import Persistence
import PersistenceTestEntities
import Testing

@Suite("Filters and sorting")
struct FilterTests {
  private static let words = ["Milk", "milk shake", "Bread", "ÉCLAIR", "éclair", "Eggs", "", "Tea"]

  private static func randomTodo(_ random: inout SeededRandom, lists: [UUID]) -> Todo {
    var todo = Todo(
      listID: lists.randomElement(using: &random)!,
      title: words.randomElement(using: &random)!,
      done: Bool.random(using: &random),
      priority: Int.random(in: -2...3, using: &random))
    if Bool.random(using: &random) {
      todo.due = Date(timeIntervalSince1970: Double(Int.random(in: 0...5, using: &random)) * 86_400)
    }
    if Bool.random(using: &random) { todo.note = words.randomElement(using: &random) }
    return todo
  }

  private static func randomFilter(
    _ random: inout SeededRandom, lists: [UUID], depth: Int = 0
  ) -> Filter<Todo> {
    let word = words.randomElement(using: &random)!
    let number = Int.random(in: -2...3, using: &random)
    let date = Date(timeIntervalSince1970: Double(Int.random(in: 0...5, using: &random)) * 86_400)
    let choice = Int.random(in: 0..<(depth < 2 ? 17 : 13), using: &random)
    switch choice {
    case 0: return Todo.titleAttribute == word
    case 1: return Todo.titleAttribute.contains(String(word.prefix(3)).lowercased())
    case 2: return Todo.priorityAttribute < number
    case 3: return Todo.priorityAttribute >= number
    case 4: return Todo.doneAttribute == Bool.random(using: &random)
    case 5: return Todo.dueAttribute == nil
    case 6: return Todo.dueAttribute != nil
    case 7: return Todo.dueAttribute > date
    case 8: return Todo.noteAttribute.contains(String(word.prefix(2)))
    case 9: return Todo.noteAttribute != word
    case 10: return Todo.listIDAttribute.isIn(lists.prefix(Int.random(in: 0...2, using: &random)))
    case 11: return Todo.titleAttribute > word
    case 12: return Todo.noteAttribute == nil
    case 13:
      return randomFilter(&random, lists: lists, depth: depth + 1)
        && randomFilter(&random, lists: lists, depth: depth + 1)
    case 14:
      return randomFilter(&random, lists: lists, depth: depth + 1)
        || randomFilter(&random, lists: lists, depth: depth + 1)
    default:
      return !randomFilter(&random, lists: lists, depth: depth + 1)
    }
  }

  @Test("SQL and the in-memory evaluator select and order the same objects")
  func sqlMatchesMemory() async throws {
    try await withContainer { container, _ in
      var random = SeededRandom(seed: 42)
      let lists = [UUID(), UUID(), UUID()]
      let todos = (0..<200).map { _ in Self.randomTodo(&random, lists: lists) }
      let context = container.newBackgroundContext()
      for todo in todos { try context.insert(todo) }
      try await context.save()

      let sorts: [[SortKey<Todo>]] = [
        [Todo.titleAttribute.ascending],
        [Todo.dueAttribute.descending, Todo.priorityAttribute.ascending],
        [Todo.noteAttribute.ascending],
        [Todo.doneAttribute.ascending, Todo.titleAttribute.descending],
      ]
      for round in 0..<150 {
        let filter = Self.randomFilter(&random, lists: lists)
        let sort = sorts[round % sorts.count]
        let request = FetchRequest<Todo>(filter: filter, sortedBy: sort)
        let fromStore = try await context.fetch(request)
        // In memory: pending changes are evaluated this way.
        let probe = container.newBackgroundContext()
        for todo in todos { try probe.insert(todo) }
        let fromMemory = try await probe.fetch(request)
        #expect(fromStore.map(\.id) == fromMemory.map(\.id), "round \(round)")
        #expect(fromStore.allSatisfy(filter.matches))
        #expect(todos.filter(filter.matches).count == fromStore.count)
      }
    }
  }

  @Test("contains ignores case, including non-ASCII letters; an empty needle matches all")
  func containsIgnoresCase() async throws {
    try await withContainer { container, _ in
      let context = container.viewContext
      for title in ["Crème brûlée", "CRÈME fraîche", "Cream"] {
        try context.insert(Todo.sample(title))
      }
      try await context.save()
      let matches = try await context.fetch(
        FetchRequest<Todo>(
          filter: Todo.titleAttribute.contains("crè"), sortedBy: [Todo.titleAttribute.ascending]))
      #expect(matches.map(\.title) == ["CRÈME fraîche", "Crème brûlée"])
      #expect(
        try await context.count(FetchRequest<Todo>(filter: Todo.titleAttribute.contains(""))) == 3)
      #expect(
        try await context.count(FetchRequest<Todo>(filter: Todo.noteAttribute.contains(""))) == 0)
    }
  }

  @Test("contains answers as lowercased Unicode text does, on ASCII and on any other text")
  func containsMatchesUnicodeLowercasing() {
    // The Kelvin sign lowercases to an ASCII "k" and "İ" to two scalars: the ASCII path must
    // leave them to the general one.
    let pieces = ["a", "A", "k", "K", "#", " ", "\r", "\n", "\r\n", "é", "\u{212A}", "İ", "i"]
    var random = SeededRandom(seed: 7)
    func text(_ count: ClosedRange<Int>) -> String {
      (0..<Int.random(in: count, using: &random)).map { _ in
        pieces.randomElement(using: &random)!
      }.joined()
    }
    for _ in 0..<3_000 {
      let (haystack, needle) = (text(0...7), text(0...3))
      var todo = Todo.sample("x")
      todo.title = haystack
      let expected = needle.isEmpty || haystack.lowercased().contains(needle.lowercased())
      #expect(
        Todo.titleAttribute.contains(needle).matches(todo) == expected,
        "\(haystack.debugDescription) contains \(needle.debugDescription)")
    }
  }

  @Test("Limit and offset page through the sorted objects, pending changes included")
  func paging() async throws {
    try await withContainer { container, _ in
      let context = container.viewContext
      for priority in 0..<10 { try context.insert(Todo.sample("P\(priority)", priority: priority)) }
      try await context.save()
      try context.insert(Todo.sample("P4.5", priority: 4))
      let page = FetchRequest<Todo>(
        sortedBy: [Todo.priorityAttribute.ascending, Todo.titleAttribute.ascending], limit: 3,
        offset: 3)
      #expect(try await context.fetch(page).map(\.title) == ["P3", "P4", "P4.5"])
    }
  }
}

@Suite("Fetch request bounds")
struct FetchRequestBoundsTests {
  @Test("Extreme and negative limits and offsets never trap, with or without pending changes")
  func extremePaging() async throws {
    try await withContainer { container, _ in
      let context = container.viewContext
      for priority in 0..<3 { try context.insert(Todo.sample("P\(priority)", priority: priority)) }
      try await context.save()
      try context.insert(Todo.sample("Pending", priority: 9))
      var request = FetchRequest<Todo>(sortedBy: [Todo.priorityAttribute.ascending], limit: .max)
      #expect(try await context.fetch(request).count == 4)
      request.offset = .max
      #expect(try await context.fetch(request).isEmpty)
      request.limit = -3
      request.offset = -7
      #expect(try await context.fetch(request).isEmpty)
      context.rollback()
      #expect(try await context.fetch(request).isEmpty)
    }
  }
}

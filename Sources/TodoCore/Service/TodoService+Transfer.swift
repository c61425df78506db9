import Foundation
import Persistence

// MARK: - Export and import

extension TodoService {
  /// Everything in the store, trashed objects included, in one document. With a principal,
  /// everything the account owns: its lists and their todos.
  ///
  /// - Complexity: Two queries.
  public func export() async throws -> ExportDocument {
    let (lists, todos, completions) = try await read { tx in
      var lists = try tx.fetch(
        FetchRequest<TodoList>(sortedBy: [TodoList.orderAttribute.ascending]))
      var todos = try tx.fetch(
        FetchRequest<Todo>(
          sortedBy: [Todo.listIDAttribute.ascending, Todo.orderAttribute.ascending]))
      if let principal = self.principal {
        lists = lists.filter { $0.ownerID == principal.accountID }
        let owned = Set(lists.map(\.id))
        todos = todos.filter { owned.contains($0.listID) }
      }
      let exported = Set(todos.map(\.id))
      let completions = try tx.fetch(
        FetchRequest<TodoCompletion>(
          sortedBy: [
            TodoCompletion.todoIDAttribute.ascending, TodoCompletion.doneAtAttribute.ascending,
          ])
      ).filter { exported.contains($0.todoID) }
      return (lists, todos, completions)
    }
    return ExportDocument(
      exportedAt: now(), lists: lists, todos: todos,
      completions: completions.isEmpty ? nil : completions)
  }

  /// Imports a document: every list and todo is validated first, then all are written in one
  /// transaction. Objects whose identifier exists are replaced (their version grows past the
  /// stored one); others are added. Nothing is written if anything is invalid.
  ///
  /// - Returns: How many lists and todos were written.
  /// - Throws: `TodoError.invalidText` for a control character in a list's or todo's text
  ///   (its field names the object and the field: `todos[3].notes`), `TodoError.invalidImport`
  ///   naming the first other problem (unknown format, duplicate identifier, invalid title, a
  ///   todo whose list is neither in the document nor stored, a list name used twice).
  @discardableResult
  public func importDocument(_ document: ExportDocument) async throws -> (lists: Int, todos: Int) {
    guard document.format == ExportDocument.currentFormat else {
      throw TodoError.invalidImport(
        "format \(document.format) is not supported (this version reads format "
          + "\(ExportDocument.currentFormat))")
    }
    let validated = try Self.validated(document.lists)
    let todos = try Self.validated(document.todos)
    let completions = try Self.validated(document.completions ?? [], of: todos)
    let counts = try await write { tx in
      var lists = validated
      if let principal = self.principal {
        for index in lists.indices { lists[index].ownerID = principal.accountID }
      }
      try self.checkImportable(lists, todos, in: tx)
      // An administrator's import of a document without owners (a backup from before
      // accounts) keeps each stored list's owner, and gives new lists the Inbox's owner.
      if self.principal == nil {
        let owner = try self.newListOwner(in: tx)
        for index in lists.indices where lists[index].ownerID == nil {
          lists[index].ownerID =
            try tx.object(TodoList.self, id: lists[index].id)?.ownerID ?? owner
        }
      }
      // The lists as they will be after the import: stored ones overlaid by the document's.
      var final: [UUID: TodoList] = [:]
      for list in try tx.fetch(FetchRequest<TodoList>()) { final[list.id] = list }
      for list in lists { final[list.id] = list }
      for (index, todo) in todos.enumerated() where final[todo.listID] == nil {
        throw TodoError.invalidImport("todos[\(index)]: list \(todo.listID) does not exist")
      }
      var liveNames: [String: UUID] = [:]
      for list in final.values.sorted(by: { $0.order < $1.order }) where !list.isTrashed {
        let key = "\(list.ownerID?.uuidString ?? "")/\(list.name.lowercased())"
        if liveNames.updateValue(list.id, forKey: key) != nil {
          throw TodoError.invalidImport("two live lists would be named \"\(list.name)\"")
        }
      }
      for list in lists {
        if try tx.object(TodoList.self, id: list.id) != nil {
          try tx.update(list)
        } else {
          try tx.insert(list)
        }
      }
      // The store keeps the versions: an imported todo that exists is one write more. An
      // assignee who is not a member of the todo's list here (another server's account) is
      // dropped: the todo comes in for nobody.
      for var todo in todos {
        if try !Self.isMember(todo.assigneeID, of: todo.listID, in: tx) { todo.assigneeID = nil }
        if let existing = try tx.object(Todo.self, id: todo.id) {
          try tx.update(todo, expectedVersion: existing.version)
        } else {
          try tx.insert(todo)
        }
      }
      // Parents are checked once every todo is written: a subtask may come before its parent.
      for (index, todo) in todos.enumerated() where todo.parentID != nil && !todo.isTrashed {
        try Self.importing("todos[\(index)]") { try Self.checkParent(of: todo, in: tx) }
      }
      // A todo's history is the document's: what was stored of it is replaced.
      let imported = todos.map(\.id)
      for stale in try tx.fetch(
        FetchRequest(filter: TodoCompletion.todoIDAttribute.isIn(imported)))
      {
        try tx.delete(stale)
      }
      for (index, completion) in completions.enumerated() {
        guard try tx.object(TodoCompletion.self, id: completion.id) == nil else {
          throw TodoError.invalidImport(
            "completions[\(index)]: identifier \(completion.id) is already used")
        }
        try tx.insert(completion)
      }
      return (lists: lists.count, todos: todos.count)
    }
    logger.info("imported \(counts.lists) lists and \(counts.todos) todos")
    return counts
  }

  /// Imports a document from JSON. See ``importDocument(_:)``.
  ///
  /// - Throws: `TodoError.invalidImport` for JSON that is not a valid document.
  @discardableResult
  public func importJSON(_ data: Data) async throws -> (lists: Int, todos: Int) {
    try await importDocument(try ExportDocument.decode(data))
  }

  /// With a principal, checks that an import replaces only what the account may: its own
  /// lists, and todos of lists it may edit. Another account's objects are refused as if
  /// they did not exist.
  private func checkImportable(_ lists: [TodoList], _ todos: [Todo], in tx: ReadTransaction)
    throws
  {
    guard let principal else { return }
    let documentLists = Set(lists.map(\.id))
    for (index, list) in lists.enumerated() {
      if let stored = try tx.object(TodoList.self, id: list.id),
        stored.ownerID != principal.accountID
      {
        throw TodoError.invalidImport("lists[\(index)]: identifier \(list.id) is already used")
      }
    }
    for (index, todo) in todos.enumerated() {
      let place = "todos[\(index)]"
      if let stored = try tx.object(Todo.self, id: todo.id),
        let list = try tx.object(TodoList.self, id: stored.listID),
        try access(to: list, in: tx).map({ $0 >= .edit }) != true
      {
        throw TodoError.invalidImport("\(place): identifier \(todo.id) is already used")
      }
      if !documentLists.contains(todo.listID) {
        guard let list = try tx.object(TodoList.self, id: todo.listID),
          try access(to: list, in: tx) != nil
        else {
          throw TodoError.invalidImport("\(place): list \(todo.listID) does not exist")
        }
        try check(.edit, list, in: tx)
      }
    }
  }

  // MARK: - Validation

  static func validated(_ lists: [TodoList]) throws -> [TodoList] {
    var seen = Set<UUID>()
    return try lists.enumerated().map { index, list in
      guard seen.insert(list.id).inserted else {
        throw TodoError.invalidImport("lists[\(index)]: identifier \(list.id) appears twice")
      }
      var list = list
      list.name = try importing("lists[\(index)]") { try TodoValidation.listName(list.name) }
      return list
    }
  }

  static func validated(_ todos: [Todo]) throws -> [Todo] {
    var seen = Set<UUID>()
    return try todos.enumerated().map { index, todo in
      let place = "todos[\(index)]"
      guard seen.insert(todo.id).inserted else {
        throw TodoError.invalidImport("\(place): identifier \(todo.id) appears twice")
      }
      guard todo.version >= 1 else {
        throw TodoError.invalidImport("\(place): version must be at least 1")
      }
      var todo = todo
      todo.title = try importing(place) { try TodoValidation.title(todo.title) }
      todo.notes = try importing(place) { try TodoValidation.notes(todo.notes) }
      todo.section = try importing(place) { try TodoValidation.section(todo.section) }
      todo.tagNames = try importing(place) { try TodoValidation.tags(todo.tagNames) }
      if todo.status == .done, todo.doneAt == nil { todo.doneAt = todo.updatedAt }
      if todo.status != .done { todo.doneAt = nil }
      if let rule = todo.repeatRule {
        let recurrence = try importing(place) {
          try Recurrence(rule: rule, mode: todo.repeatMode ?? .schedule)
        }
        todo.recurrence = recurrence
      } else {
        todo.repeatMode = nil
      }
      return todo
    }
  }

  /// The completions of an import: each of a todo in the document, each identifier once.
  static func validated(_ completions: [TodoCompletion], of todos: [Todo]) throws
    -> [TodoCompletion]
  {
    let documented = Set(todos.map(\.id))
    var seen = Set<UUID>()
    for (index, completion) in completions.enumerated() {
      let place = "completions[\(index)]"
      guard seen.insert(completion.id).inserted else {
        throw TodoError.invalidImport("\(place): identifier \(completion.id) appears twice")
      }
      guard documented.contains(completion.todoID) else {
        throw TodoError.invalidImport(
          "\(place): todo \(completion.todoID) is not in the document")
      }
    }
    return completions
  }

  /// Runs one field's validation for the object at `place` (`todos[3]`): a control character
  /// stays `TodoError.invalidText`, its field becoming `todos[3].title`; any other failure
  /// becomes `TodoError.invalidImport` naming the place.
  private static func importing<T>(_ place: String, _ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch TodoError.invalidText(let field, let message) {
      throw TodoError.invalidText(field: "\(place).\(field)", message: message)
    } catch let error as TodoError {
      throw TodoError.invalidImport("\(place): \(error)")
    }
  }
}

import TodoCore

/// Todos as the document's `Todo` schema describes them, written straight into bytes: the
/// body of `GET /api/v1/lists/{listID}/todos`.
///
/// The same members as `Todo.encode(to:)` (absent optionals are left out), with the values the
/// generated code's `JSONEncoder` writes; `TodoJSONTests` checks that both decode to the same
/// todos. Through `JSONEncoder` a list of 100 todos cost about 8 µs per todo, more than the
/// rest of the request (BENCHMARKS.md).
enum TodoJSON {
  /// `todos` as a JSON array.
  static func array(_ todos: [Todo]) -> [UInt8] {
    var json = JSONBytes(capacity: 64 + todos.count * 360)
    json.beginArray()
    for (index, todo) in todos.enumerated() {
      json.beginObject(first: index == 0)
      write(todo, to: &json)
      json.endObject()
    }
    json.endArray()
    return json.bytes
  }

  private static func write(_ todo: Todo, to json: inout JSONBytes) {
    json.member("id", todo.id)
    json.member("listID", todo.listID)
    json.member("title", todo.title)
    json.member("notes", todo.notes)
    todo.deadline?.withRawValueUTF8 { json.member("deadline", utf8: $0) }
    json.member("status", todo.status.rawValue)
    json.member("doneAt", todo.doneAt)
    json.member("section", todo.section)
    json.member("order", todo.order.rawValue)
    json.member("externalOrder", todo.externalOrder)
    json.member("createdAt", todo.createdAt)
    json.member("updatedAt", todo.updatedAt)
    json.member("version", todo.version)
    json.member("deletedAt", todo.deletedAt)
    json.member("repeatRule", todo.repeatRule)
    json.member("repeatMode", todo.repeatMode?.rawValue)
    todo.start?.withRawValueUTF8 { json.member("start", utf8: $0) }
    if let someday = todo.someday { json.member("someday", someday) }
    json.member("priority", todo.priority?.rawValue)
    if let tags = todo.tags { json.member("tags", strings: tags.names) }
    if let parentID = todo.parentID { json.member("parentID", parentID) }
    if let assigneeID = todo.assigneeID { json.member("assigneeID", assigneeID) }
  }
}

import Foundation
import Persistence

/// Todos as their JSON (``Todo/encode(to:)``) written straight from the rows the store reads,
/// with no ``Todo`` made of any: the body of a list read.
///
/// The same members in the same order, absent optionals left out, with the values the API's
/// `JSONEncoder` writes (``JSONBytes``). The columns hold each value's own text (a deadline's
/// canonical form, a status's raw value, the order key), so text is copied as the store holds
/// it, repaired where it is not UTF-8 as a `String` read of it would be; a todo's tags are
/// stored as `#work#errands#` and written as their array. The values are not checked again:
/// only ``TodoService`` writes these rows, and it validated them. A list of 100
/// made into todos and then encoded spent two thirds of the read's time above SQLite on the
/// values alone (BENCHMARKS.md, api).
enum TodoJSON {
  /// The todos `request` reads, as a JSON array.
  static func array(_ request: FetchRequest<Todo>, in tx: ReadTransaction) throws -> [UInt8] {
    var json = JSONBytes(capacity: 16 * 1024)
    json.beginArray()
    var first = true
    try tx.forEachRow(request) { row in
      json.beginObject(first: first)
      first = false
      try write(row, to: &json)
      json.endObject()
    }
    json.endArray()
    return json.bytes
  }

  /// One todo's members, in ``Todo``'s declaration order (the columns' order, read fastest).
  private static func write(_ row: StoredRow<Todo>, to json: inout JSONBytes) throws {
    json.member("id", try row.id)
    json.member("listID", try row[Todo.listIDAttribute])
    try row.withUTF8(Todo.titleAttribute) { json.member("title", text: $0) }
    try row.withUTF8(Todo.notesAttribute) { json.member("notes", text: $0) }
    try row.withUTF8(Todo.deadlineAttribute) { json.member("deadline", text: $0) }
    try row.withUTF8(Todo.statusAttribute) { json.member("status", text: $0) }
    json.member("doneAt", try row[Todo.doneAtAttribute])
    try row.withUTF8(Todo.sectionAttribute) { json.member("section", text: $0) }
    try row.withUTF8(Todo.orderAttribute) { json.member("order", text: $0) }
    json.member("externalOrder", try row[Todo.externalOrderAttribute])
    json.member("createdAt", try row[Todo.createdAtAttribute])
    json.member("updatedAt", try row[Todo.updatedAtAttribute])
    json.member("version", try row.version)
    json.member("deletedAt", try row[Todo.deletedAtAttribute])
    try row.withUTF8(Todo.repeatRuleAttribute) { json.member("repeatRule", text: $0) }
    try row.withUTF8(Todo.repeatModeAttribute) { json.member("repeatMode", text: $0) }
    try row.withUTF8(Todo.startAttribute) { json.member("start", text: $0) }
    if let someday = try row[Todo.somedayAttribute] { json.member("someday", someday) }
    json.member("priority", try row[Todo.priorityAttribute]?.rawValue)
    try row.withUTF8(Todo.tagsAttribute) {
      json.member("tags", splitting: $0, on: UInt8(ascii: "#"))
    }
    if let parentID = try row[Todo.parentIDAttribute] { json.member("parentID", parentID) }
    if let assigneeID = try row[Todo.assigneeIDAttribute] {
      json.member("assigneeID", assigneeID)
    }
  }
}

// A helper process for the Persistence tests: it writes to a store as another process would.
//
// Usage:
//   persistence-writer crash-loop <store>        saves forever; prints "saved <id>" after each
//   persistence-writer insert <store> <title>    inserts one todo; prints "saved <id>"
//   persistence-writer update <store> <id> <title>
//                                                updates one todo; prints "saved" or "conflict"
//
// Each save of crash-loop writes two related rows: a list and a todo in it. The tests kill
// this process with SIGKILL and then check that every save it acknowledged is in the store,
// whole. The entities are the tests' own (target PersistenceTestEntities).

import Foundation
import Persistence
import PersistenceTestEntities

func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(2)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: persistence-writer <mode> <store> [...]") }
let store: StoreLocation
do {
  store = try StoreLocation(parsing: arguments[2])
} catch {
  fail("\(error)")
}

do {
  let container = try await PersistentContainer(store, entities: [Todo.self, TodoList.self])
  let context = container.newBackgroundContext()
  switch arguments[1] {
  case "crash-loop":
    var count = 0
    while true {
      count += 1
      let list = TodoList(name: "List \(count)")
      try context.insert(list)
      try context.insert(Todo(listID: list.id, title: "Item of \(count)"))
      try await context.save()
      say("saved \(list.id.uuidString)")
    }
  case "insert" where arguments.count == 4:
    let todo = Todo(listID: UUID(), title: arguments[3])
    try context.insert(todo)
    try await context.save()
    say("saved \(todo.id.uuidString)")
  case "update" where arguments.count == 5:
    guard let id = UUID(uuidString: arguments[3]) else { fail("bad id \(arguments[3])") }
    guard var todo = try await context.object(Todo.self, id: id) else { fail("no todo \(id)") }
    todo.title = arguments[4]
    try context.update(todo)
    do {
      try await context.save()
      say("saved")
    } catch PersistenceError.conflict {
      say("conflict")
    }
  default:
    fail("unknown mode \(arguments[1])")
  }
  try container.close()
} catch {
  fail("error: \(error)")
}

import ArgumentParser
import TodoCore

extension Todo {
  /// `todo done N [--with-subtasks | --keep-subtasks]`: mark a todo as done.
  struct Done: StatusCommand {
    static let kind = StatusCommandKind(
      status: .done, abstract: "Mark a todo as done.", verb: "Done",
      details: "A todo with open subtasks asks whether they are done too; --with-subtasks "
        + "marks them done, --keep-subtasks keeps them open, without asking.")

    @OptionGroup var arguments: TodoChangeArguments

    @Flag(help: "Mark its open subtasks done too.")
    var withSubtasks = false

    @Flag(help: "Keep its open subtasks open.")
    var keepSubtasks = false

    func validate() throws {
      if withSubtasks && keepSubtasks {
        throw CLIError.invalid("give --with-subtasks or --keep-subtasks, not both")
      }
    }

    func run() async throws {
      try await arguments.change(verb: Self.kind.verb) { todo, backend in
        let open = try await Self.openSubtasks(of: todo, in: backend)
        var completing = withSubtasks
        if !open.isEmpty && !withSubtasks && !keepSubtasks {
          let count = open.count == 1 ? "1 open subtask" : "\(open.count) open subtasks"
          guard Console.inputIsTerminal else {
            throw CLIError.invalid(
              "\"\(todo.title)\" has \(count): give --with-subtasks to mark them done too, "
                + "or --keep-subtasks to keep them open; nothing changed")
          }
          completing = Console.ask("\"\(todo.title)\" has \(count). Mark them done too?")
        }
        return try await backend.updateTodo(
          id: todo.id, TodoPatch(status: .done, completingSubtasks: completing),
          expectedVersion: todo.version)
      }
    }

    /// The open todos under `todo`, all levels.
    static func openSubtasks(of todo: TodoItem, in backend: any TodoBackend) async throws
      -> [TodoItem]
    {
      var search = TodoSearch()
      search.listID = todo.listID
      let todos = try await backend.search(search)
      return TodoOutline.subtree(of: todo.id, in: todos).filter { $0.status != .done }
    }
  }
}

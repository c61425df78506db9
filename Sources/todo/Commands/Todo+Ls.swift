import ArgumentParser
import Foundation
import TodoCore

extension Todo {
  /// `todo ls [--list NAME] [--status S] [--all] [--tree] [--filter F | --view NAME] [--json]`:
  /// the numbered listing.
  struct Ls: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List todos, numbered for the commands that follow.",
      discussion: """
        Shows the todos of every list (or of --list) in the user's order; done todos only \
        with --all or --status done. The numbers in the first column name the todos in \
        later commands (todo done 2) until the next listing.
        Marks: [ ] not started, [~] in progress, [x] done; ! after a deadline: overdue.
        --tree shows subtasks under their parents, indented, with each parent's progress \
        (done/all of its subtasks).

        --filter shows what a filter finds across every list instead: '(today | overdue) & \
        #work', 'due before: +7d & p1', 'no date', 'list: Groceries', 'status: in progress', \
        'search: milk', with ! (not), & (and), | (or) and parentheses. Open todos only, \
        unless the filter names a status.

        \(ExitStatus.helpText)
        """)

    @Option(help: ArgumentHelp("Only this list, by name.", valueName: "name"))
    var list: String?

    @Option(
      help: ArgumentHelp("Only this status: notStarted, inProgress or done.", valueName: "status"))
    var status: String?

    @Flag(help: "Include done todos.")
    var all = false

    @Flag(help: "Show subtasks under their parents, with each parent's progress.")
    var tree = false

    @Option(
      help: ArgumentHelp(
        "A filter, such as '(today | overdue) & #work' (not with --list, --status or --all).",
        valueName: "filter"))
    var filter: String?

    @Option(
      help: ArgumentHelp("A saved filter's todos, by its name (todo filters).", valueName: "name"))
    var view: String?

    @OptionGroup var backend: BackendOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
      _ = try status.map(TodoStatus.init(parsing:))
      if view != nil, filter != nil || list != nil || status != nil || all || tree {
        throw CLIError.invalid("--view is given alone: the saved filter says what it shows")
      }
      if let filter {
        guard list == nil, status == nil, !all else {
          throw CLIError.invalid(
            "--filter is not given with --list, --status or --all: say them in the filter "
              + "(list: NAME, status: done)")
        }
        _ = try TodoQuery(parsing: filter)
      }
    }

    func run() async throws {
      try await CommandRunner.run(backend) { backend in
        if let view {
          let saved = try await backend.savedFilter(named: view)
          try await output.printNumbered(
            try await backend.todos(savedFilter: saved.id), source: "ls", backend: backend,
            empty: "No todos in \(saved.name).")
          return
        }
        if let filter {
          try await output.printNumbered(
            try await backend.todos(filter: filter), source: "ls", backend: backend,
            empty: "No todos match the filter.")
          return
        }
        var search = TodoSearch()
        var statuses: Set<TodoStatus> = []
        if let status {
          statuses = [try TodoStatus(parsing: status)]
        } else if !all {
          statuses = [.notStarted, .inProgress]
        }
        // A tree reads every status, so a parent's progress counts its done subtasks too.
        search.statuses = tree ? [] : statuses
        if let list { search.listID = try await backend.list(named: list).id }
        var todos = try await backend.search(search)
        guard tree else {
          try await output.printNumbered(
            todos, source: "ls", backend: backend, empty: "No todos.")
          return
        }
        let progress = TodoOutline.progress(of: todos)
        if !statuses.isEmpty { todos = todos.filter { statuses.contains($0.status) } }
        let outline = TodoOutline(todos)
        try await output.printNumbered(
          outline.todos, source: "ls", backend: backend, empty: "No todos.",
          outline: TodoTable.Outline(
            levels: Dictionary(uniqueKeysWithValues: outline.rows.map { ($0.todo.id, $0.level) }),
            progress: progress))
      }
    }
  }
}

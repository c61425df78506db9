import Diffable
import Foundation
import Persistence
import Testing

@testable import TodoCore

/// A client's copy of the page (`todo tui --server`) kept from the server's own messages.
@Suite("Live: a page replica applies the server's messages; events written for the server")
struct PageReplicaTests {
  static let date = Date(timeIntervalSince1970: 1_780_000_000)

  /// A loaded page state of `titles` in the Inbox, each with a section and status.
  static func state(_ todos: [(String, String?, TodoStatus)]) throws -> LivePage.State {
    let keys = try OrderKey.spaced(todos.count, between: nil, and: nil)
    var state = LivePage.State()
    state.data.loaded = true
    state.data.lists = [
      TodoList(
        id: TodoList.inboxID, name: "Inbox",
        order: try OrderKey.spaced(1, between: nil, and: nil)[0],
        createdAt: date, updatedAt: date)
    ]
    state.data.todos = zip(todos, keys).enumerated().map { index, pair in
      let ((title, section, status), key) = pair
      return Todo(
        id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", index))!,
        listID: TodoList.inboxID, title: title, status: status, section: section, order: key,
        createdAt: date, updatedAt: date)
    }
    state.data.todosListID = TodoList.inboxID
    state.data.now = date
    return state
  }

  /// What a page shows: its sections with their headers and visible items, every cell, the
  /// chrome. (An outline's hidden structure stays on the server; cells carry level and
  /// expansion.)
  static func shown(_ page: PageSnapshot) -> ShownPage {
    ShownPage(
      sections: page.items.sections.map {
        ShownPage.Section(id: $0.identifier, header: page.headers[$0.identifier], items: $0.items)
      }, cells: page.cells, chrome: page.chrome)
  }

  struct ShownPage: Equatable {
    struct Section: Equatable {
      var id: String
      var header: String?
      var items: [String]
    }
    var sections: [Section]
    var cells: [String: LiveCell]
    var chrome: LiveChrome
  }

  /// Sends `pages` as the server does (a snapshot, then one changes message per page) and
  /// checks that the replica shows each page.
  static func follow(_ pages: [PageSnapshot]) throws {
    var replica = PageReplica()
    let first = try LiveMessage.snapshot(revision: 1, pages[0]).encoded()
    #expect(try replica.apply(first) == .page)
    #expect(Self.shown(replica.page) == Self.shown(pages[0]))
    for (index, page) in pages.enumerated().dropFirst() {
      let changes = LiveChanges(from: pages[index - 1], to: page, revision: index + 1)
      #expect(try replica.apply(LiveMessage.changes(changes).encoded()) == .page)
      #expect(Self.shown(replica.page) == Self.shown(page), "after page \(index)")
      #expect(replica.revision == index + 1)
    }
  }

  @Test("the pages of real states: adds, completions, outline, sections, search, moves")
  func realStates() throws {
    var state = try Self.state([
      ("Buy milk", nil, .notStarted), ("Call Ann", "Work", .inProgress),
      ("Pay rent", "Home", .done), ("牛乳を買う 🥛", nil, .notStarted),
    ])
    var pages = [PageSnapshot(state)]
    state.data.todos.append(
      contentsOf: try Self.state([("a", nil, .notStarted)]).data.todos.map {
        var todo = $0
        todo.id = UUID()
        todo.order = try! OrderKey(validating: "zz")
        todo.title = "Added"
        return todo
      })
    pages.append(PageSnapshot(state))
    state.data.todos[0].status = .done
    pages.append(PageSnapshot(state))
    state.list.layout = .outline
    pages.append(PageSnapshot(state))
    state.data.todos[2].status = .notStarted
    pages.append(PageSnapshot(state))
    state.list.collapsed = ["group:done"]
    pages.append(PageSnapshot(state))
    state.list.layout = .sectioned
    pages.append(PageSnapshot(state))
    state.data.todos[1].section = "Home"
    state.data.todos[3].section = "Work"
    pages.append(PageSnapshot(state))
    state.data.todos.swapAt(0, 3)
    pages.append(PageSnapshot(state))
    state.search.text = "milk"
    pages.append(PageSnapshot(state))
    state.search.text = ""
    state.list.layout = .plain
    state.trash.confirmDelete = state.data.todos[1].id
    pages.append(PageSnapshot(state))
    state.data.todos.removeSubrange(1...2)
    state.trash.confirmDelete = nil
    pages.append(PageSnapshot(state))
    try Self.follow(pages)
  }

  @Test("random moves of items and sections, with headers that change")
  func randomPages() throws {
    var random = LinearCongruential(seed: 2_026)
    func page(_ sections: [(String, [String])]) -> PageSnapshot {
      var page = PageSnapshot()
      for (section, items) in sections {
        try? page.items.appendSections([section])
        try? page.items.appendItems(items, toSection: section)
        page.headers[section] = "\(section) (\(items.count))"
        for item in items { page.cells[item] = LiveCell(title: "Item \(item)") }
      }
      page.chrome.loaded = true
      return page
    }
    for _ in 0..<200 {
      var pages: [PageSnapshot] = []
      for _ in 0..<4 {
        var pool = (0..<random.next(below: 30)).map { "i\($0)" }
        pool.shuffle(using: &random)
        let sectionNames = ["a", "b", "c", "d"].shuffled(using: &random).prefix(
          random.next(below: 4) + 1)
        var sections = sectionNames.map { ($0, [String]()) }
        for item in pool {
          sections[random.next(below: sections.count)].1.append(item)
        }
        var next = page(sections)
        if random.next(below: 3) == 0, let item = pool.first {
          next.cells[item]?.title = "Changed \(random.next(below: 1_000))"
        }
        pages.append(next)
      }
      try Self.follow(pages)
    }
  }

  @Test("changes that do not fit are a desync; what is not a message is malformed")
  func refusals() throws {
    let one = PageSnapshot(try Self.state([("A", nil, .notStarted), ("B", nil, .notStarted)]))
    let two = PageSnapshot(try Self.state([("A", nil, .done), ("B", nil, .notStarted)]))
    var replica = PageReplica()
    let changes = try LiveMessage.changes(LiveChanges(from: one, to: two, revision: 2)).encoded()
    // Changes before any snapshot, and changes that skip a revision.
    #expect(throws: PageReplicaError.self) { try replica.apply(changes) }
    _ = try replica.apply(try LiveMessage.snapshot(revision: 5, one).encoded())
    #expect(throws: PageReplicaError.self) { try replica.apply(changes) }
    // Changes to a page this replica does not have.
    _ = try replica.apply(try LiveMessage.snapshot(revision: 1, PageSnapshot()).encoded())
    let wrong = try LiveMessage.changes(LiveChanges(from: two, to: one, revision: 2)).encoded()
    #expect(throws: PageReplicaError.self) { try replica.apply(wrong) }
    #expect(replica.revision == 1)
    for garbage in ["", "[]", #"{"v":1}"#, #"{"v":2,"type":"snapshot"}"#, #"{"v":1,"type":"x"}"#] {
      #expect(throws: PageReplicaError.self) { try replica.apply(Data(garbage.utf8)) }
    }
    let error = try LiveMessage.error(code: "malformed", message: "no").encoded()
    #expect(try replica.apply(error) == .error(code: "malformed", message: "no"))
  }

  @Test("every page event is written as the server reads it")
  func eventsRoundTrip() throws {
    let id = UUID()
    let other = UUID()
    let edit = PageEditor.Fields(
      title: "Title \"quoted\"", notes: "line\nline", deadline: "2026-12-01T09:30",
      status: .inProgress, section: "Work")
    let actions: [LivePage.Action] = [
      .list(.add("Buy milk tomorrow")), .list(.typeNew("tom")), .list(.dismissQuickDeadline),
      .setTimeZone("Europe/Berlin"), .list(.toggle(id)), .list(.setStatus(id, .done)),
      .editor(.beginEdit(id)), .editor(.saveEdit(edit)), .editor(.keepMine(edit)),
      .editor(.restoreEdit(id, version: 3, edit)), .editor(.useTheirs), .editor(.cancelEdit),
      .trash(.requestDelete(id)), .trash(.confirmDelete), .trash(.cancelDelete), .trash(.undo),
      .trash(.dismissToast), .list(.move(id, .before(other))), .list(.move(id, .after(other))),
      .sidebar(.moveList(id, .after(other))), .search(.setText("milk")),
      .list(.setExpanded("group:done", false)), .sidebar(.chooseList(id)),
      .sidebar(.chooseView(.upcoming)), .sidebar(.createList("Groceries")),
      .sidebar(.renameList(id, "Food")), .trash(.requestDeleteList(id)),
      .trash(.confirmDeleteList), .trash(.cancelDeleteList), .list(.chooseFilter(.active)),
      .list(.chooseLayout(.outline)), .list(.sortByDeadline(true)), .trash(.clearCompleted),
      .trash(.confirmClear), .trash(.cancelClear),
    ]
    for action in actions {
      let json = try #require(LiveEvent.page(action).json(), "\(action)")
      #expect(try LiveEvent(json: json) == .page(action))
    }
    #expect(try LiveEvent(json: try #require(LiveEvent.resync.json())) == .resync)
    let results: [LivePage.Action] = [
      .onAppear, .onDisappear, .failed("x"), .list(.move(id, .top)), .trash(.trashed([])),
      .sidebar(.delegate(.showList(id))), .editor(.close), .editor(.sheet(.begin)),
    ]
    for action in results {
      #expect(LiveEvent.page(action).json() == nil)
    }
  }
}

/// A small deterministic generator, so a failing case can be run again.
struct LinearCongruential: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return state
  }
  mutating func next(below bound: Int) -> Int { Int(next() >> 33) % bound }
}

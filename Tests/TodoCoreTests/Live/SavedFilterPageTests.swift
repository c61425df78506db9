import Composable
import Foundation
import Testing

@testable import TodoCore

/// Saved filters and tags on the live page, on a real store: the sidebar's live counts,
/// showing a filter or a tag, saving, editing and deleting a filter from the page.
@Suite("LivePage feature: saved filters and tags")
struct SavedFilterPageTests {
  typealias Store = TestStore<LivePage.State, LivePage.Action>

  /// A page on the Inbox in UTC, its lists and views loaded. Not exhaustive: the views and
  /// the list arrive through two observations, in either order.
  static func open(_ fixture: LivePageFixture) async -> Store {
    let store = fixture.page()
    store.exhaustivity = .off
    await store.send(.onAppear)
    await store.send(.setTimeZone("UTC"))
    await until(store, \.loaded) { $0.data.loaded }
    return store
  }

  /// Receives the page's `action`s until `condition` holds: waits for the page's values,
  /// never for time (the store's timeout only fails one that never comes).
  static func until<Value>(
    _ store: Store, _ action: CaseKeyPath<LivePage.Action, Value>,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: (LivePage.State) -> Bool
  ) async {
    for _ in 0..<50 where !condition(store.state) {
      await store.receive(action, timeout: .seconds(30))
    }
    #expect(condition(store.state), sourceLocation: sourceLocation)
  }

  @Test("a saved filter's count and view follow changes made anywhere")
  func savedFilterView() async throws {
    try await LivePageFixture.with { fixture in
      let service = fixture.service
      let work = try await service.createList(named: "Work")
      let report = try await service.createTodo(
        NewTodo(title: "Report", listID: work.id, priority: .p1, tags: ["work"]))
      let milk = try await service.createTodo(NewTodo(title: "Milk", tags: ["errands"]))
      let urgent = try await service.createSavedFilter(named: "Urgent", query: "p1")
      let store = await Self.open(fixture)
      await Self.until(store, \.viewsLoaded) { $0.data.filterCounts[urgent.id] == 1 }
      var page = PageSnapshot(store.state)
      #expect(
        page.chrome.filters == [
          .init(id: urgent.id.uuidString, name: "Urgent", query: "p1", count: 1)
        ])
      #expect(
        page.chrome.tags == [.init(name: "errands", count: 1), .init(name: "work", count: 1)])

      await store.send(.sidebar(.chooseSavedFilter(urgent.id)))
      await Self.until(store, \.viewsLoaded) { $0.data.querySequence > .zero }
      page = PageSnapshot(store.state)
      #expect(page.chrome.query?.title == "Urgent")
      #expect(page.items.sectionIdentifiers == ["list:" + work.id.uuidString])
      #expect(page.headers["list:" + work.id.uuidString] == "Work")
      #expect(page.items.itemIdentifiers == [report.id.uuidString])

      // Another client makes the Inbox's milk urgent: it enters the view, alone.
      let before = store.state
      _ = try await service.updateTodo(id: milk.id, TodoPatch(priority: .p1))
      await Self.until(store, \.viewsLoaded) { $0.data.queryTodos.count == 2 }
      let changes = sent(before, store.state)
      // The Inbox's section comes before Work's, with the milk.
      let inserted = changes.stages.flatMap(\.sectionInserted)
      #expect(inserted.map(\.id) == ["list:" + TodoList.inboxID.uuidString])
      #expect(inserted.map(\.index) == [0])
      #expect(inserted.first?.items == [milk.id.uuidString])
      #expect(changes.stages.flatMap(\.itemDeleted).isEmpty)
      #expect(changes.stages.flatMap(\.itemInserted).isEmpty)
      #expect(changes.chrome?.filters.first?.count == 2)
      // The server's renderer, which diffs a list's pages from their todos, sends the same.
      let renderer = PageRenderer()
      let shared = await renderer.changes(
        from: await renderer.render(before), to: await renderer.render(store.state), revision: 2)
      #expect(shared.stages == changes.stages)

      // The view shows todos of every list: no moves, no nesting.
      await store.send(.list(.move(milk.id, .before(report.id)))) {
        $0.problem =
          "The filter \u{201C}Urgent\u{201D} shows todos from every list; "
          + "reorder them in their list."
      }
      await store.send(.list(.indent(milk.id))) {
        $0.problem =
          "The filter \u{201C}Urgent\u{201D} shows todos from every list; "
          + "nest them in their list."
      }

      // Editing the filter's query changes what the page shows.
      await store.send(.sidebar(.editFilter(urgent.id, "Errands", "#errands")))
      await Self.until(store, \.viewsLoaded) {
        $0.data.query?.text == "#errands" && $0.data.queryTodos.map(\.id) == [milk.id]
      }
      #expect(PageSnapshot(store.state).chrome.query?.title == "Errands")

      // A query that does not read is refused, saying where.
      await store.send(.sidebar(.saveFilter("Broken", "#work &"))) {
        $0.problem =
          "filter: at 8: expected a term (today, overdue, no date, due before: +7d, #tag, p1, "
          + "list: NAME, status: done, search: TEXT, assigned: me, ! or a parenthesis), found the end"
      }
      #expect(try await service.savedFilters().count == 1)

      // Deleting it asks first; then the page goes back to its list.
      await store.send(.sidebar(.requestDeleteFilter(urgent.id))) {
        $0.sidebar.confirmDeleteFilter = urgent.id
      }
      #expect(PageSnapshot(store.state).chrome.confirmDeleteFilter == "Errands")
      await store.send(.sidebar(.confirmDeleteFilter))
      await Self.until(store, \.viewsLoaded) { $0.data.query == nil }
      #expect(store.state.data.filters.isEmpty)
      #expect(PageSnapshot(store.state).items.itemIdentifiers == [milk.id.uuidString])
      await store.send(.onDisappear)
      await store.skipInFlightEffects()
    }
  }

  @Test("the tag form renames a tag (the page showing it follows) and gives it a colour")
  func tagForm() async throws {
    try await LivePageFixture.with { fixture in
      let service = fixture.service
      _ = try await service.createTodo(NewTodo(title: "Milk", tags: ["Errands"]))
      let store = await Self.open(fixture)
      await Self.until(store, \.loaded) { $0.data.tagCounts.count == 1 }
      await store.send(.sidebar(.chooseTag("errands")))
      await Self.until(store, \.viewsLoaded) { $0.data.queryTodos.count == 1 }

      await store.send(.sidebar(.editTag("errands", "chores", "teal")))
      await store.receive(\.sidebar.delegate.showQuery, timeout: .seconds(30))
      await Self.until(store, \.viewsLoaded) {
        $0.data.tagColors == ["chores": .teal] && $0.data.queryTodos.count == 1
      }
      await Self.until(store, \.loaded) { $0.data.tagCounts.map(\.name) == ["chores"] }
      let chrome = PageSnapshot(store.state).chrome
      #expect(chrome.query?.title == "#chores")
      #expect(chrome.tags == [LiveChrome.TagEntry(name: "chores", count: 1)])
      #expect(chrome.tagColors == ["chores": "teal"])

      // A colour that is none of the palette is refused, nothing written.
      await store.send(.sidebar(.editTag("chores", "chores", "chartreuse"))) {
        $0.problem =
          "colour: \"chartreuse\" is not one of red, orange, yellow, green, teal, blue, purple, pink, grey"
      }
      #expect(try await service.tagColors() == ["chores": .teal])
      await store.send(.onDisappear)
      await store.skipInFlightEffects()
    }
  }

  @Test("saving from the page shows the new filter; a tag's view adds the tag")
  func saveAndTags() async throws {
    try await LivePageFixture.with { fixture in
      let service = fixture.service
      _ = try await service.createTodo(NewTodo(title: "Milk", tags: ["Errands"]))
      let store = await Self.open(fixture)
      await Self.until(store, \.loaded) { $0.data.tagCounts.count == 1 }

      await store.send(.sidebar(.chooseTag("errands")))
      await Self.until(store, \.viewsLoaded) { $0.data.queryTodos.count == 1 }
      #expect(PageSnapshot(store.state).chrome.query?.title == "#errands")
      await store.send(.list(.add("Eggs !2")))
      await Self.until(store, \.viewsLoaded) { $0.data.queryTodos.count == 2 }
      let eggs = try #require(store.state.data.queryTodos.last)
      #expect(eggs.title == "Eggs")
      #expect(eggs.tagNames == ["errands"])
      #expect(eggs.priority == .p2)
      #expect(eggs.listID == TodoList.inboxID)
      await Self.until(store, \.loaded) { $0.data.tagCounts.first?.open == 2 }
      #expect(PageSnapshot(store.state).chrome.tags == [.init(name: "Errands", count: 2)])

      await store.send(.sidebar(.saveFilter("Shopping", "#errands & p2")))
      await Self.until(store, \.viewsLoaded) {
        $0.data.query?.filterID != nil && $0.data.queryTodos.map(\.title) == ["Eggs"]
      }
      let saved = try await service.savedFilters()
      #expect(saved.map(\.name) == ["Shopping"])
      #expect(store.state.data.query?.filterID == saved.first?.id)
      #expect(PageSnapshot(store.state).chrome.query?.title == "Shopping")

      // Choosing a list leaves the filter; its count goes on.
      await store.send(.sidebar(.chooseList(TodoList.inboxID)))
      await Self.until(store, \.loaded) { $0.data.query == nil && $0.data.todos.count == 2 }
      _ = try await service.createTodo(NewTodo(title: "Bread", priority: .p2, tags: ["errands"]))
      await Self.until(store, \.viewsLoaded) { $0.data.filterCounts[saved[0].id] == 2 }
      await store.send(.onDisappear)
      await store.skipInFlightEffects()
    }
  }
}

@Suite("PageData: a query's todos and their sequence")
struct PageDataQueryTests {
  @Test("a value that changes only other filters' counts keeps the shown todos' sequence")
  func otherCountsKeepTheSequence() throws {
    let now = Date(timeIntervalSince1970: 1_767_225_600)
    let milk = Todo(
      listID: TodoList.inboxID, title: "Milk", order: try .between(nil, nil), createdAt: now,
      updatedAt: now)
    let urgent = SavedFilter(
      id: UUID(),
      name: "Urgent", query: "p1", order: try .between(nil, nil), createdAt: now, updatedAt: now)
    let work = SavedFilter(
      id: UUID(),
      name: "Work", query: "#work", order: try .between(nil, nil), createdAt: now, updatedAt: now)
    var data = PageData()
    data.query = PageQuery(text: "p1", filterID: urgent.id)
    func views(_ shown: [Todo], workCount: Int, sequence: ChangeSequence) -> ViewsObservation {
      ViewsObservation(
        filters: [urgent, work], counts: [urgent.id: shown.count, work.id: workCount],
        showing: "p1", shown: shown, assignedToMe: nil, sequence: sequence)
    }
    data.apply(views([milk], workCount: 0, sequence: 3))
    #expect(data.querySequence == 3)
    // Another filter's count changed: the page's own view did not.
    data.apply(views([milk], workCount: 1, sequence: 5))
    #expect(data.querySequence == 3)
    #expect(data.filterCounts[work.id] == 1)
    // Its todos changed: the sequence follows.
    var done = milk
    done.title = "Oat milk"
    data.apply(views([done], workCount: 1, sequence: 6))
    #expect(data.querySequence == 6)
    #expect(data.queryTodos == [done])
  }
}

import Composable
import Foundation
import Persistence
import Testing

@testable import TodoCore

/// A live page over a real temporary store, with a clock that stands still.
///
/// The page observes its data (``TodoService/observe(list:)``), so a test never asks it to
/// reload: it writes (through the page or the service) and receives the `.loaded` that the
/// commit causes. ``loaded(_:when:)`` reads the value the page receives from the same shared
/// observation, and ``disappear(_:)`` ends the observation before the test store is released.
struct LivePageFixture {
  static let now = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
  let service: TodoService
  let location: StoreLocation

  /// Runs `body` with a fixture on a new temporary store, then closes and deletes it.
  static func with(_ body: (LivePageFixture) async throws -> Void) async throws {
    let store = try TemporaryStore()
    defer { store.remove() }
    let service = try await TodoService.open(store.location, now: { now })
    defer { try? service.close() }
    try await body(LivePageFixture(service: service, location: store.location))
  }

  /// A test store of the page, not yet loaded.
  ///
  /// Its effects read and write a real SQLite file while the whole suite shares this
  /// machine's two cores: `receive` and `finish` wait for the actions themselves, and the
  /// timeout only turns one that never comes into a failure. One second was not enough for a
  /// first load under the full parallel run, so it is 30.
  func page() -> TestStore<LivePage.State, LivePage.Action> {
    let store = TestStore(initialState: LivePage.State()) {
      LivePage()
    } withDependencies: { [service] in
      $0.todoClient = .live(service)
      $0.date = .constant(Self.now)
      $0.calendar = .utcGregorian
    }
    store.timeout = .seconds(30)
    return store
  }

  /// The first value of `listID`'s observation that satisfies `condition`, as the page
  /// receives it: the current value if it does, otherwise the one a commit under way (or
  /// still to come) produces.
  ///
  /// It waits for the observation's values, never for time; the deadline only turns a
  /// condition that never holds into a failure instead of a hung test.
  func loaded(
    _ listID: UUID = TodoList.inboxID,
    when condition: @escaping @Sendable (LivePage.Loaded) -> Bool = { _ in true }
  ) async throws -> LivePage.Loaded {
    let loaded = service.observe(list: listID).map { LivePage.Loaded($0, now: Self.now) }
    let found = try await firstValue(of: loaded, where: condition)
    return try #require(found, "the observation of \(listID) never satisfied the condition")
  }

  /// The value the page receives for the first commit after `sequence` that changes what
  /// it shows of `listID`.
  func loaded(_ listID: UUID = TodoList.inboxID, after sequence: ChangeSequence) async throws
    -> LivePage.Loaded
  {
    try await loaded(listID) { $0.sequence > sequence }
  }

  /// Opens `store` on the Inbox and asserts the first load.
  func appear(_ store: TestStore<LivePage.State, LivePage.Action>) async throws {
    let first = try await loaded()
    await store.send(.onAppear)
    await store.receive(\.loaded, first) { $0.apply(first) }
    #expect(first.sequence > 0)
  }

  /// Closes the page: the observation ends (`finish` fails if any effect still runs) and
  /// nothing is left unasserted. Like every page event, closing clears the shown problem:
  /// `expected` asserts that.
  func disappear(
    _ store: TestStore<LivePage.State, LivePage.Action>,
    expected: ((inout LivePage.State) -> Void)? = nil
  ) async {
    await store.send(.onDisappear, assert: expected)
    await store.finish()
  }

  /// Receives `loaded` and `action` in whichever order they arrive, and asserts the state
  /// after both is `store.state` changed by `expected`.
  ///
  /// A write effect that sends its own result (`.trashed`, the editor's `.saved`) races with
  /// the observation, which sends `.loaded` for the same commit: either may reach the store
  /// first, and both orders end in the same state.
  func receive(
    _ store: TestStore<LivePage.State, LivePage.Action>, _ loaded: LivePage.Loaded,
    and action: LivePage.Action, sourceLocation: SourceLocation = #_sourceLocation,
    expected: (inout LivePage.State) -> Void
  ) async {
    var final = store.state
    expected(&final)
    let sequence = store.state.data.sequence
    // Not exhaustive for one receive: it skips a `.loaded` that came first.
    store.exhaustivity = .off
    await store.receive(action)
    store.exhaustivity = .on
    if store.state.data.sequence == sequence {
      await store.receive(\.loaded, loaded) { $0 = final }
    }
    #expect(store.state == final, sourceLocation: sourceLocation)
  }
}

extension LivePage.State {
  /// The state after a load, as the reducer sets it.
  mutating func apply(_ loaded: LivePage.Loaded) {
    data.apply(loaded)
  }

  /// The page whose feature at `part` is in the state `scoped`, every other feature as it
  /// starts: what a feature's test renders.
  init<Local>(_ scoped: PageScoped<Local>, at part: WritableKeyPath<LivePage.State, Local>) {
    self.init(scoped)
    self[keyPath: part] = scoped.local
  }

  /// The page with the data and the problem of `scoped`, every feature as it starts.
  init<Local>(_ scoped: PageScoped<Local>) {
    self.init()
    data = scoped.data
    problem = scoped.problem
  }
}

extension PageScoped {
  /// The state once the page has received `loaded` (a feature's store never receives it: the
  /// page observes the data).
  func after(_ loaded: LivePage.Loaded) -> Self {
    var state = self
    state.data.apply(loaded)
    return state
  }
}

extension LivePageFixture {
  /// The page's data once `listID`'s first value has arrived.
  func data(_ listID: UUID = TodoList.inboxID) async throws -> PageData {
    var data = PageData()
    data.listID = listID
    data.apply(try await loaded(listID))
    return data
  }

  /// The page action of a JSON event, decoded as the server decodes it.
  static func action(_ json: String) throws -> LivePage.Action {
    try #require(try LiveEvent(json: Data(json.utf8)).action)
  }

  /// A test store of one of the page's features, on the Inbox as loaded now.
  func feature<Local, Feature: Reducer>(
    _ feature: Feature, _ local: Local
  ) async throws -> TestStore<PageScoped<Local>, Feature.Action>
  where Feature.State == PageScoped<Local>, Feature.Action: Sendable {
    self.feature(feature, PageScoped(data: try await data(), local))
  }

  /// A test store of one of the page's features in the state `initial`, with the
  /// dependencies of ``page()``.
  ///
  /// A feature's store does not observe the data (the page does): a test that needs the
  /// feature on the data a commit brought opens a store on `store.state.after(loaded)`.
  func feature<Local, Feature: Reducer>(
    _ feature: Feature, _ initial: PageScoped<Local>
  ) -> TestStore<PageScoped<Local>, Feature.Action>
  where Feature.State == PageScoped<Local>, Feature.Action: Sendable {
    let store = TestStore(initialState: initial) {
      feature
    } withDependencies: { [service] in
      $0.todoClient = .live(service)
      $0.date = .constant(Self.now)
      $0.calendar = .utcGregorian
    }
    store.timeout = .seconds(30)
    return store
  }
}

/// The message the server sends when the page goes from `before` to `after`.
func sent(_ before: LivePage.State, _ after: LivePage.State) -> LiveChanges {
  LiveChanges(from: PageSnapshot(before), to: PageSnapshot(after), revision: 2)
}

/// The message the server sends when the page's feature at `part` goes from `before` to
/// `after`.
func sent<Local>(
  _ before: PageScoped<Local>, _ after: PageScoped<Local>,
  at part: WritableKeyPath<LivePage.State, Local>
) -> LiveChanges {
  sent(LivePage.State(before, at: part), LivePage.State(after, at: part))
}

/// The page the server renders when its feature at `part` is in the state `scoped`.
func rendered<Local>(
  _ scoped: PageScoped<Local>, at part: WritableKeyPath<LivePage.State, Local>
) -> PageSnapshot {
  PageSnapshot(LivePage.State(scoped, at: part))
}

/// A stage item for assertions.
func item(_ section: Int, _ element: Int, _ id: UUID) -> LiveChanges.Stage.Item {
  LiveChanges.Stage.Item(section: section, element: element, id: id.uuidString)
}

extension Calendar {
  /// The Gregorian calendar in UTC: what the page's tests read "tomorrow" in.
  static var utcGregorian: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }
}

import Foundation
import Persistence
import Synchronization

// MARK: - Observing what a page shows

/// The live lists and the live todos of one list, as committed, with the store's change
/// sequence they reflect.
public struct ListObservation: Equatable, Sendable {
  /// The live lists in user order.
  public var lists: [TodoList]
  /// The observed list.
  public var listID: UUID
  /// Its live todos in user order.
  public var todos: [Todo]
  /// The store's change sequence of the newest commit reflected.
  public var sequence: ChangeSequence
  /// How many live todos that are not done each of ``lists`` holds (a list with none is
  /// absent).
  public var openCounts: [UUID: Int] = [:]
  /// The live todos that are not done and have a deadline, of every list in ``lists``, by
  /// deadline then title: what the smart views (``SmartView``) show.
  public var agenda: [Todo] = []
  /// The tags of the open todos of every list in ``lists``, each with its count of open
  /// todos, by name: the sidebar's Tags.
  public var tagCounts: [TagCount] = []
  /// The members of each list in ``lists`` (its owner first, then by name), on a server with
  /// accounts: whom its todos can be assigned to, and the names their rows show.
  public var members: [UUID: [ListMember]] = [:]
  /// The titles of the parents of the subtasks of ``lists``, by identifier: a subtask shown
  /// away from its parent names it.
  public var parentTitles: [UUID: String] = [:]
}

extension TodoService {
  /// The shortest time between two values of a page's observation: a list that commits
  /// arrive at faster than this is shown once per frame (about 60 a second), each update
  /// covering every commit of the frame; an isolated commit is shown at once. A live page's
  /// writer paces its messages by it too.
  public static let pageFrame = Duration.milliseconds(16)

  /// How the observations of the pages publish: at most once per ``pageFrame`` under a
  /// burst of commits, and spending at most a quarter of their time handing a value to the
  /// pages (each page takes its part of it and updates its store in that call): the more
  /// pages share an observation, the less often each is updated while commits keep coming,
  /// and the server keeps its processors for the writes and for what the pages' own tasks
  /// do after the call (rendering, writing to their sockets), which that time does not
  /// count. An isolated commit reaches every page at once.
  static let pagePacing = ObservationPacing(frame: pageFrame, deliveryShare: 0.25)

  /// The live lists and the live todos of `listID`: the current value first, then a new
  /// value after every commit that changes either, from this process or another one. A
  /// consumer that is slower than the commits receives the newest value, not every one.
  ///
  /// Built on `Persistence` observation: every observer of the same list shares one
  /// observation, updated incrementally from each commit's change record, so a change to one
  /// todo costs the same whatever the number of pages open on the list, and no page re-reads
  /// its list.
  ///
  /// Each value also carries every list's open count and the agenda (the open todos with a
  /// deadline, of every list): the todos come from one observation of every live todo by
  /// list (``liveTodosByList``), shared by every page, so a commit to any list updates the
  /// sidebar's counts and the smart views of every page in the same value as the list's own
  /// todos. The counts and the agenda are derived once per commit for all pages.
  ///
  /// With a principal, the lists are those it may see, and the todos those of `listID` only
  /// while it may see that list: a list shared with it appears, and one no longer shared
  /// disappears with its todos, at the commit that shares or revokes it. The counts and the
  /// agenda are those of the lists it may see, exactly: a todo of another list never
  /// reaches its page.
  ///
  /// - Parameter listID: The list (a list that does not exist, or that the principal may not
  ///   see, yields no todos).
  public func observe(list listID: UUID) -> AsyncThrowingStream<ListObservation, any Error> {
    // Only the newest value waits for a slow consumer: each value is the whole list, so a
    // page that falls behind skips straight to the present.
    feed(list: listID).values()
  }

  /// What ``observe(list:)`` yields, as a ``Feed``: each value is handed to the subscriber on
  /// the thread that published the observation, and no task waits for it.
  ///
  /// - Parameter listID: The list (a list that does not exist, or that the principal may not
  ///   see, yields no todos).
  public func feed(list listID: UUID) -> Feed<ListObservation> {
    Feed { [self] onValue, onEnd in
      let context = container.viewContext
      let principal = self.principal
      let latest = LatestPair(scoped: principal != nil)
      let last = Mutex<ListObservation?>(nil)
      // Whether a value of the todos changed this page's list since the page's last value:
      // told by each value's changeset (O(changes)), so a commit to another list costs this
      // page nothing like a comparison of its whole list.
      let listChanged = ChangeFlag()
      let publish: @Sendable (LatestPair.Value?) -> Void = {
        guard let value = $0, let all = value.todos else { return }
        var lists = value.lists ?? []
        var todos = Self.todos(of: listID, in: all)
        var members: [UUID: [ListMember]] = [:]
        if let principal, let people = value.people {
          lists = lists.filter {
            $0.ownerID == principal.accountID || people.isShared($0.id, with: principal.accountID)
          }
          if !lists.contains(where: { $0.id == listID }) { todos = [] }
          for list in lists { members[list.id] = people.members(of: list) }
        }
        // Only the lists shown (live, and the principal's to read) count and have an agenda.
        let visible = Set(lists.map(\.id))
        let digest = self.digest(of: all)
        let counts = digest.openCounts.filter { visible.contains($0.key) }
        // The digest's own agenda when the page sees every list it names (one person's
        // server): every page then shares one array instead of holding a copy of it.
        let agenda =
          digest.agenda.allSatisfy { visible.contains($0.listID) }
          ? digest.agenda : digest.agenda.filter { visible.contains($0.listID) }
        let tags = Self.tagCounts(merging: lists.compactMap { digest.tagCounts[$0.id] })
          .filter { $0.open > 0 }
        var parentTitles: [UUID: String] = [:]
        for list in lists {
          guard let titles = digest.parentTitles[list.id] else { continue }
          parentTitles.merge(titles) { first, _ in first }
        }
        let next = ListObservation(
          lists: lists, listID: listID, todos: todos, sequence: value.sequence,
          openCounts: counts, agenda: agenda, tagCounts: tags, members: members,
          parentTitles: parentTitles)
        // Every commit to any todo reaches every page's observation; one that changes
        // nothing this page shows (a done todo of another list) yields nothing.
        last.withLock { last in
          if let previous = last {
            guard next.sequence >= previous.sequence else { return }
            let changed = listChanged.isSet
            guard
              changed || previous.todos.count != next.todos.count
                || previous.lists != next.lists || previous.openCounts != next.openCounts
                || previous.agenda != next.agenda || previous.tagCounts != next.tagCounts
                || previous.members != next.members || previous.parentTitles != next.parentTitles
            else { return }
          }
          listChanged.clear()
          last = next
          onValue(next)
        }
      }
      // The observations hand their values over as they are published: the page's stream is
      // fed without a task of its own waiting on each of them.
      // The first of the observations to end ends the feed.
      let ended = Mutex(false)
      let end: @Sendable ((any Error)?) -> Void = { error in
        let first = ended.withLock { ended in
          defer { ended = true }
          return !ended
        }
        if first { onEnd(error) }
      }
      let previousTodos = Mutex<FetchedResults<Todo>?>(nil)
      var subscriptions = [
        context.subscribe(
          Self.liveLists, pacing: Self.pagePacing,
          onValue: { publish(latest.set(lists: $0.objects, sequence: $0.sequence)) }, onEnd: end),
        context.subscribe(
          Self.liveTodosByList, pacing: Self.pagePacing,
          onValue: { results in
            previousTodos.withLock { previous in
              if Self.changes(results, list: listID, since: previous) { listChanged.set() }
              previous = results
            }
            publish(latest.set(todos: results, sequence: results.sequence))
          }, onEnd: end),
      ]
      // With accounts, every share and every account's name: the principal's shared lists,
      // and each list's members. Both are small (a family, a team) and shared by every page.
      if principal != nil {
        subscriptions += [
          context.subscribe(
            FetchRequest<ListShare>(), pacing: Self.pagePacing,
            onValue: { publish(latest.set(shares: $0.objects, sequence: $0.sequence)) },
            onEnd: end),
          context.subscribe(
            FetchRequest<Account>(), pacing: Self.pagePacing,
            onValue: { publish(latest.set(accounts: $0.objects, sequence: $0.sequence)) },
            onEnd: end),
        ]
      }
      let subscribed = subscriptions
      return {
        for subscription in subscribed { subscription.cancel() }
      }
    }
  }
}

extension TodoService {
  /// Whether `results`, a value of ``liveTodosByList``, changed the todos of `listID` since
  /// `previous`, the value of the same observation before it: one of its todos came, went,
  /// moved or changed.
  ///
  /// - Complexity: O(c) for the c todos and sections the value's changeset names.
  static func changes(
    _ results: FetchedResults<Todo>, list listID: UUID, since previous: FetchedResults<Todo>?
  ) -> Bool {
    guard let previous else { return true }
    let section =
      results.sections.first { $0.objects.first?.listID == listID }
      ?? previous.sections.first { $0.objects.first?.listID == listID }
    // A list with no live todos before or after: nothing of it changed.
    guard let key = section?.key else { return false }
    for id in results.updatedIDs
    where results.snapshot.sectionIdentifier(containingItem: id) == key {
      return true
    }
    var before = previous.snapshot.sections
    for stage in results.changeset {
      let after = stage.data
      func isBefore(_ index: Int) -> Bool {
        before.indices.contains(index) && before[index].identifier == key
      }
      func isAfter(_ index: Int) -> Bool {
        after.indices.contains(index) && after[index].identifier == key
      }
      if stage.sectionDeleted.contains(where: isBefore)
        || stage.sectionInserted.contains(where: isAfter)
        || stage.elementDeleted.contains(where: { isBefore($0.section) })
        || stage.elementInserted.contains(where: { isAfter($0.section) })
        || stage.elementUpdated.contains(where: { isAfter($0.section) })
        || stage.elementMoved.contains(where: {
          isBefore($0.source.section) || isAfter($0.target.section)
        })
      {
        return true
      }
      before = after
    }
    return false
  }
}

/// Whether something happened since it was last cleared (set at first).
private final class ChangeFlag: Sendable {
  private let value = Mutex(true)

  var isSet: Bool { value.withLock { $0 } }
  func set() { value.withLock { $0 = true } }
  func clear() { value.withLock { $0 = false } }
}

/// Who may use which list, on a server with accounts: every share by list, and every
/// account's name.
struct ListPeople: Sendable {
  var shares: [UUID: [ListShare]] = [:]
  var names: [UUID: String] = [:]

  /// Whether the list is shared with the account.
  func isShared(_ listID: UUID, with accountID: UUID) -> Bool {
    shares[listID]?.contains { $0.accountID == accountID } ?? false
  }

  /// The list's owner, then the people it is shared with by name.
  func members(of list: TodoList) -> [ListMember] {
    guard let ownerID = list.ownerID else { return [] }
    let owner = names[ownerID].map { [ListMember(accountID: ownerID, name: $0, role: "owner")] }
    let others = (shares[list.id] ?? []).compactMap { share in
      names[share.accountID].map {
        ListMember(accountID: share.accountID, name: $0, role: share.role.rawValue)
      }
    }
    return (owner ?? []) + others.sorted { $0.name < $1.name }
  }
}

/// The latest lists, todos of every list (and, for a principal, the shares and the accounts'
/// names) of an observation; a value once all have arrived.
private final class LatestPair: Sendable {
  struct Value {
    var lists: [TodoList]?
    var todos: FetchedResults<Todo>?
    var shares: [UUID: [ListShare]]?
    var names: [UUID: String]?
    var sequence = ChangeSequence.zero

    /// The shares and names, once both arrived.
    var people: ListPeople? {
      guard let shares, let names else { return nil }
      return ListPeople(shares: shares, names: names)
    }
  }
  private let value = Mutex<Value>(Value())
  private let scoped: Bool

  init(scoped: Bool) {
    self.scoped = scoped
  }

  func set(
    lists: [TodoList]? = nil, todos: FetchedResults<Todo>? = nil, shares: [ListShare]? = nil,
    accounts: [Account]? = nil, sequence: ChangeSequence
  ) -> Value? {
    // Grouped outside the lock, once per value of the observation, not once per publish.
    let byList = shares.map { Dictionary(grouping: $0, by: \.listID) }
    let names = accounts.map { Dictionary($0.map { ($0.id, $0.name) }) { a, _ in a } }
    return value.withLock { value in
      if let lists { value.lists = lists }
      if let todos { value.todos = todos }
      if let byList { value.shares = byList }
      if let names { value.names = names }
      value.sequence = max(value.sequence, sequence)
      guard value.lists != nil, value.todos != nil, !scoped || value.people != nil else {
        return nil
      }
      return value
    }
  }
}

extension TodoService {
  /// Why the service cannot serve requests now, or `nil` when it can: the change feed from
  /// other servers is down, or a read of the database fails (within the database's request
  /// timeout). What a load balancer's readiness check asks.
  public func unreadiness() async -> String? {
    if case .unavailable(let reason) = container.availability {
      return "the database cannot be reached: \(reason)"
    }
    do {
      try await container.read { _ in }
      return nil
    } catch PersistenceError.unavailable(let reason) {
      return "the database does not answer: \(reason)"
    } catch {
      return "the database does not answer: \(error)"
    }
  }

  /// Whether the store can be reached, each time that changes: `false` when the database
  /// server went away (reads and writes fail with ``TodoError/unavailable(_:)`` meanwhile),
  /// `true` when it is back and every change missed meanwhile was published. Nothing is
  /// told while the store stays reachable (a SQLite store always is).
  ///
  /// Called back from the container's change hub: no task waits for it.
  public func reachabilityFeed() -> Feed<Bool> {
    Feed { [container] onValue, onEnd in
      let reachable = Mutex(true)
      let subscription = container.subscribeAvailability { availability in
        let now = availability == .available
        guard
          reachable.withLock({ reachable in
            defer { reachable = now }
            return reachable != now
          })
        else { return }
        onValue(now)
      } onClose: {
        onEnd(nil)
      }
      return { subscription.cancel() }
    }
  }
}

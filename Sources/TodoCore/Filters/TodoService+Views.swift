import Foundation
import Persistence
import Synchronization

/// What a page's sidebar shows of the person's saved filters, and the todos of the filter
/// (or tag) the page shows, as committed.
public struct ViewsObservation: Equatable, Sendable {
  /// The person's saved filters, in their order.
  public var filters: [SavedFilter]
  /// How many todos each saved filter shows now; a filter whose text no longer reads is
  /// absent.
  public var counts: [UUID: Int]
  /// The query of the view shown (``TodoService/observeViews(showing:timeZone:)``'s `text`).
  public var showing: String?
  /// The todos the shown query shows, by list in sidebar order then in user order; `nil`
  /// without a shown query, empty for one that does not read.
  public var shown: [Todo]?
  /// How many open todos are assigned to the person (``TodoQuery/assignedToMe``), on a server
  /// with accounts; `nil` without.
  public var assignedToMe: Int?
  /// The store's change sequence of the newest commit reflected.
  public var sequence: ChangeSequence
  /// The colours the person gave their tags, by lowercased tag (``TodoService/tagColors()``).
  public var tagColors: [String: TagColor] = [:]
}

extension ViewsObservation {
  /// The query of "Assigned to me", counted in the sidebar on a server with accounts.
  public static let assignedToMeQuery = "assigned: me"
}

extension TodoService {
  /// The principal's saved filters with how many todos each shows, and the todos `text`
  /// shows: the current value first, then a new one after every commit that changes any of
  /// them.
  ///
  /// Each filter is one observed fetch on the change pipeline (``request(for:day:lists:me:)``):
  /// the store keeps its result up to date from each commit's change record, deciding only the
  /// todos the commit wrote. The filters' todos and counts are observed once for all the pages
  /// of one person in one time zone (``ViewsHub``); a page that shows another query (a tag)
  /// adds its observation, shared with the other pages that show it. A commit that changes no filter's todos
  /// yields nothing; one that changes a filter's todos reaches every page that counts or
  /// shows it. Creating, editing or deleting a filter, and a change to the person's lists
  /// (which `list:` names, which lists they may read), start the observations again.
  ///
  /// "Today" and "overdue" are those of the moment the observation starts, in `timeZone`
  /// (a later page of the same person reads them again for all); the page starts it again at
  /// each midnight.
  ///
  /// - Parameters:
  ///   - text: The query of the view the page shows (a saved filter's, or `#tag`), if any.
  ///   - timeZone: Where the person is.
  public func observeViews(showing text: String?, timeZone: TimeZone)
    -> AsyncThrowingStream<ViewsObservation, any Error>
  {
    viewsFeed(showing: text, timeZone: timeZone).values()
  }

  /// What ``observeViews(showing:timeZone:)`` yields, as a ``Feed``: told on the thread that
  /// publishes the shared value or the shown query's observation, without a task.
  public func viewsFeed(showing text: String?, timeZone: TimeZone) -> Feed<ViewsObservation> {
    Feed { [self] onValue, onEnd in
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = timeZone
      let day = AgendaDay(now: now(), calendar: calendar)
      let key = ViewsHub.Key(
        account: principal?.accountID, zone: timeZone.identifier, date: day.today)
      let parsed = text.flatMap { try? TodoQuery(parsing: $0) }
      let page = PageViews(showing: text, parses: parsed != nil, to: onValue)
      // The shown query's own observation, under the setup it was built for.
      let shown = Mutex<(setup: Int?, subscription: ObservationSubscription?)>((nil, nil))
      let context = container.viewContext
      let leave = views.subscribe(
        key, day: day, start: { observeViewCounts(day: day) },
        onValue: { value in
          if let parsed, let text {
            let request = shown.withLock { shown -> FetchRequest<Todo>? in
              guard value.setup != shown.setup else { return nil }
              shown.setup = value.setup
              shown.subscription?.cancel()
              shown.subscription = nil
              // A saved filter's todos come with the shared value.
              guard value.todos[text] == nil else { return nil }
              return Self.request(for: parsed, day: value.day, lists: value.lists, me: value.me)
            }
            if let request {
              let subscription = context.subscribe(
                request, pacing: Self.pagePacing,
                onValue: { results in
                  page.take(shown: results.objects, sequence: results.sequence, setup: value)
                },
                onEnd: { error in if let error { onEnd(error) } })
              shown.withLock { shown in
                if shown.setup == value.setup {
                  shown.subscription = subscription
                } else {
                  subscription.cancel()
                }
              }
            }
          }
          page.take(counts: value)
        }, onEnd: onEnd)
      return {
        leave()
        shown.withLock { $0.subscription }?.cancel()
      }
    }
  }
}

/// One page's views: the shared counts and the todos of the query it shows, combined into
/// the values it is told, each once it changes something the page shows.
private final class PageViews: Sendable {
  private struct State {
    var counts: ViewCounts?
    /// The shown query's todos in list order, with the setup they were observed under, when
    /// the page observes them itself.
    var shown: (setup: Int, todos: [Todo], sequence: ChangeSequence)?
    /// The shown query's todos as the shared value of a setup has them, and in list order.
    var shared: (setup: Int, todos: [Todo], ordered: [Todo])?
    var last: ViewsObservation
  }

  private let text: String?
  private let parses: Bool
  private let state: Mutex<State>
  private let onValue: @Sendable (ViewsObservation) -> Void

  init(
    showing text: String?, parses: Bool, to onValue: @escaping @Sendable (ViewsObservation) -> Void
  ) {
    self.text = text
    self.parses = parses
    self.onValue = onValue
    // A person without filters, on a page that shows none, is told nothing at first: the
    // page starts with no filters.
    state = Mutex(
      State(
        last: ViewsObservation(
          filters: [], counts: [:], showing: text, shown: nil, assignedToMe: nil,
          sequence: .zero)))
  }

  func take(counts: ViewCounts) {
    state.withLock { state in
      // The hub's latest value, told to a new page outside the hub's lock, may come after a
      // newer one.
      if let current = state.counts,
        (current.setup, current.sequence) > (counts.setup, counts.sequence)
      {
        return
      }
      state.counts = counts
      yield(&state)
    }
  }

  func take(shown todos: [Todo], sequence: ChangeSequence, setup: ViewCounts) {
    let ordered = TodoService.inListOrder(todos, lists: setup.lists)
    state.withLock { state in
      // A value of a query observed under an older setup, its observation cancelled since.
      guard setup.setup >= (state.shown?.setup ?? 0) else { return }
      state.shown = (setup.setup, ordered, sequence)
      yield(&state)
    }
  }

  /// Yields the combined value once both parts are of the same setup, unless it changes
  /// nothing the page shows (a newer sequence alone). Under the lock, so that two values
  /// yield in the order they were decided.
  private func yield(_ state: inout State) {
    guard let counts = state.counts else { return }
    var shown: [Todo]? = nil
    var sequence = counts.sequence
    if let text {
      if let todos = counts.todos[text] {
        // Ordered again only when they changed: most values change other filters' todos.
        let current = state.shared.map { $0.setup == counts.setup && $0.todos == todos }
        if current != true {
          let ordered = TodoService.inListOrder(todos, lists: counts.lists)
          state.shared = (counts.setup, todos, ordered)
        }
        shown = state.shared?.ordered
      } else if parses {
        guard let todos = state.shown, todos.setup == counts.setup else { return }
        shown = todos.todos
        sequence = max(sequence, todos.sequence)
      } else {
        shown = []
      }
    }
    let value = ViewsObservation(
      filters: counts.filters, counts: counts.counts, showing: text, shown: shown,
      assignedToMe: counts.assignedToMe, sequence: sequence, tagColors: counts.colors)
    var unchanged = state.last
    unchanged.sequence = value.sequence
    guard value != unchanged else { return }
    state.last = value
    onValue(value)
  }
}

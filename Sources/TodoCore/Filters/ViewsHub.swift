import Foundation
import Synchronization

/// The sidebar part of a person's views, observed once for all their pages: the saved filters
/// with their counts, "Assigned to me", the tag colours, and what a shown query is built from.
struct ViewCounts: Equatable, Sendable {
  /// Which setup of the observation the value is of: a new number whenever the filters, the
  /// lists the person reads or the day change (not their tag colours, which change no
  /// count). A page's shown query is built again for each.
  var setup: Int
  /// The person's saved filters, in their order.
  var filters: [SavedFilter]
  /// How many todos each filter shows; a filter whose text no longer reads is absent.
  var counts: [UUID: Int]
  /// The todos of each query counted (the filters', "Assigned to me"), by query: a page
  /// showing one of them takes its todos from here, in step with the counts.
  var todos: [String: [Todo]]
  /// Open todos assigned to the person, on a server with accounts.
  var assignedToMe: Int?
  /// The colours the person gave their tags, by lowercased tag.
  var colors: [String: TagColor]
  /// The store's change sequence of the newest commit reflected.
  var sequence: ChangeSequence
  /// The lists the person reads, in sidebar order: a shown query's scope and its order.
  var lists: [TodoList]
  /// The day "today" and "overdue" are read on.
  var day: AgendaDay
  /// The person, on a server with accounts (`assigned: me`).
  var me: UUID?
}

/// The views observations of a service's pages: one per person, time zone and date, shared
/// by every page of that person, which adds its own shown query to it.
///
/// A hundred pages of one person counting fifty saved filters then cost one observer of each
/// filter and one count of the fifty per frame, not a hundred: a commit that tags a todo into
/// one filter reaches that filter's observation, which tells the shared value, which tells
/// each page once.
final class ViewsHub: Sendable {
  /// Whose views, in which zone, on which date: what the counts are computed for.
  struct Key: Hashable, Sendable {
    var account: UUID?
    var zone: String
    var date: [Int]
  }

  /// A running shared observation: where its values come from, and who receives them.
  struct Source: Sendable {
    /// The values, once per frame at most.
    var values: AsyncThrowingStream<ViewCounts, any Error>
    /// Reads "today" and "overdue" again at the minute of `day` (a page opened later than
    /// the observation started).
    var setDay: @Sendable (AgendaDay) -> Void
  }

  /// A page told of the shared values: each value, then the end.
  private struct Subscriber {
    var onValue: @Sendable (ViewCounts) -> Void
    var onEnd: @Sendable ((any Error)?) -> Void
  }

  private struct Entry {
    var generation: Int
    var source: Source
    var subscribers: [Int: Subscriber] = [:]
    var latest: ViewCounts?
    var task: Task<Void, Never>?
  }

  private struct State {
    var next = 0
    var entries: [Key: Entry] = [:]
  }

  private let state = Mutex(State())

  /// How many shared observations run: one per person, zone and date with a page open.
  var count: Int { state.withLock { $0.entries.count } }

  /// Tells `onValue` the shared values of `key`: the latest first, if there is one, then
  /// each new one, on the thread that publishes them; `onEnd` when the observation ends by
  /// itself. The observation starts with its first subscriber (`start` makes it) and stops
  /// with its last; a subscriber with a later `day` (a new minute) makes it read its day
  /// again.
  ///
  /// - Returns: What unsubscribes.
  func subscribe(
    _ key: Key, day: AgendaDay, start: () -> Source,
    onValue: @escaping @Sendable (ViewCounts) -> Void,
    onEnd: @escaping @Sendable ((any Error)?) -> Void
  ) -> @Sendable () -> Void {
    let (id, setDay, latest) = state.withLock {
      state -> (Int, @Sendable (AgendaDay) -> Void, ViewCounts?) in
      state.next += 1
      let id = state.next
      if state.entries[key] == nil {
        let generation = id
        let source = start()
        let task = Task { [weak self] in
          do {
            for try await value in source.values {
              self?.publish(value, key: key, generation: generation)
            }
            self?.end(key: key, generation: generation, error: nil)
          } catch {
            self?.end(key: key, generation: generation, error: error)
          }
        }
        state.entries[key] = Entry(generation: generation, source: source, task: task)
      }
      state.entries[key]!.subscribers[id] = Subscriber(onValue: onValue, onEnd: onEnd)
      return (id, state.entries[key]!.source.setDay, state.entries[key]!.latest)
    }
    // A value published meanwhile may reach the page first: the page keeps the newest
    // setup it was told of (``PageViews``), and every value is whole.
    if let latest { onValue(latest) }
    setDay(day)
    return { [weak self] in self?.leave(key: key, id: id) }
  }

  private func publish(_ value: ViewCounts, key: Key, generation: Int) {
    let subscribers = state.withLock { state -> [Subscriber] in
      guard state.entries[key]?.generation == generation else { return [] }
      state.entries[key]!.latest = value
      return Array(state.entries[key]!.subscribers.values)
    }
    // Outside the lock: a page told of a value may leave at once (``leave(key:id:)`` takes
    // the lock). One task publishes, so the values still reach each page in order.
    for subscriber in subscribers { subscriber.onValue(value) }
  }

  private func end(key: Key, generation: Int, error: (any Error)?) {
    let subscribers = state.withLock { state -> [Subscriber] in
      guard let entry = state.entries[key], entry.generation == generation else { return [] }
      state.entries[key] = nil
      return Array(entry.subscribers.values)
    }
    for subscriber in subscribers { subscriber.onEnd(error) }
  }

  private func leave(key: Key, id: Int) {
    let task = state.withLock { state -> Task<Void, Never>? in
      guard state.entries[key]?.subscribers.removeValue(forKey: id) != nil,
        state.entries[key]!.subscribers.isEmpty
      else { return nil }
      return state.entries.removeValue(forKey: key)?.task
    }
    task?.cancel()
  }
}

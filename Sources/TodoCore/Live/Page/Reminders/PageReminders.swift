import Composable
import Foundation

/// The reminders that ring on a live page (and in `todo tui`) as a feature: the page shows
/// each as a notice (and, once the person allowed it, a system notification) until they
/// snooze it, dismiss it, or mark its todo done from it.
///
/// The page observes the person's ringing reminders (``TodoClient/observeRinging``): a
/// reminder fired by any server, and a snooze or a dismissal from any page, reaches every
/// page of the person through the change pipeline.
///
/// ```swift
/// let store = TestStore(initialState: PageReminders.State(PageReminders.Local())) {
///   PageReminders()
/// }
/// await store.send(.ringing([reminder])) { $0.ringing = [reminder] }
/// ```
public struct PageReminders: Reducer {
  /// What rings now.
  public struct Local: Equatable, Sendable {
    /// The person's ringing reminders, the oldest first.
    public var ringing: [RingingReminder] = []

    /// Creates the state of a page where nothing rings.
    public init() {}
  }

  /// The feature's state: its own, and the page's data.
  public typealias State = PageScoped<Local>

  /// The person's answers to a notice, and what the observation delivers.
  @CasePathable
  public enum Action: Equatable, Sendable, PageFeatureAction {
    /// The ringing reminders, first and after every change.
    case ringing([RingingReminder])
    /// Ring again later.
    case snooze(UUID, ReminderSnooze)
    /// Stop ringing.
    case dismiss(UUID)
    /// Mark the reminder's todo done (which stops it ringing).
    case complete(UUID)
    /// A write failed: the message to show.
    case failed(String)

    /// Whether the action is something the person did.
    var isEvent: Bool {
      switch self {
      case .snooze, .dismiss, .complete: true
      case .ringing, .failed: false
      }
    }
  }

  @Dependency(\.todoClient) var todos

  /// Creates the feature.
  public init() {}

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .ringing(let ringing):
      state.ringing = ringing
      return .none

    case .snooze(let id, let snooze):
      guard state.found(state.ringing.contains(where: { $0.id == id }), "reminder") else {
        return .none
      }
      return todos.write { client, _ in try await client.snoozeReminder(id, snooze) }

    case .dismiss(let id):
      guard state.found(state.ringing.contains(where: { $0.id == id }), "reminder") else {
        return .none
      }
      return todos.write { client, _ in try await client.dismissReminder(id) }

    case .complete(let id):
      guard let reminder = state.found(state.ringing.first(where: { $0.id == id }), "reminder")
      else { return .none }
      return todos.write { client, _ in
        _ = try await client.updateTodo(reminder.todoID, TodoPatch(status: .done), nil)
      }

    case .failed(let message):
      state.problem = message
      return .none
    }
  }
}

extension LivePage {
  /// The identifier of the effect that observes the ringing reminders.
  enum RingingID: Hashable, Sendable { case watch }

  /// Observes the person's ringing reminders (``TodoClient/observeRinging``).
  func watchReminders() -> Effect<Action> {
    .feed(todos.observeRinging()) {
      .reminders(.ringing($0))
    } failure: {
      .failed(TodoClient.message(for: $0))
    }
    .cancellable(id: RingingID.watch, cancelInFlight: true)
  }
}

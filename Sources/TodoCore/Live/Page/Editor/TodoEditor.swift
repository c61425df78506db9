import Composable
import Foundation
import Persistence

/// What happens in a todo's edit sheet: the actions of ``TodoEditor``.
@CasePathable
public enum TodoEditorAction: Equatable, Sendable {
  /// Open the session (Edit tapped).
  case begin
  /// The session is open on this todo.
  case began(Todo)
  /// The sheet's fields as the person left them: the title, notes, deadline, status and
  /// section always, each other field only when given (``PageEditor/Fields``; a repeat as
  /// words or a rule, ``Recurrence/reading(_:now:calendar:)``; tags as words apart by spaces
  /// or commas, ``TodoValidation/tags(reading:)``).
  case setFields(PageEditor.Fields)
  /// How often a repeating todo was done, read when the sheet opens.
  case history(RepeatHistory)
  /// The person's reminders of the todo, read when the sheet opens and after each change.
  case reminders([Reminder])
  /// Set a reminder, as typed (``ReminderTrigger/init(reading:in:)``): it is stored at once,
  /// beside the draft.
  case addReminder(String)
  /// Remove one of the todo's reminders, at once.
  case removeReminder(UUID)
  /// Save tapped (or Enter).
  case save
  /// The edit was saved as this todo.
  case saved(Todo)
  /// Beginning or saving failed.
  case failed(EditorProblem)
  /// Cancel tapped (or Escape): the draft is thrown away.
  case cancel
  /// After a conflict: save the fields the person changed over their version (fields the
  /// person did not touch take their values).
  case keepMine
  /// After a conflict: throw the draft away and edit their version.
  case useTheirs
}

/// The edit sheet of a todo as a feature: begin (a child context), change fields, save or
/// cancel. A concurrent change by someone else is never overwritten silently and never costs
/// the draft: the save fails with their version beside the draft, and the person keeps
/// theirs (``TodoEditorAction/keepMine``) or the other (``TodoEditorAction/useTheirs``).
///
/// ```swift
/// let store = Store(initialState: TodoEditor.State(todoID: id)) {
///   TodoEditor()
/// } withDependencies: {
///   $0.todoClient = .live(service)
/// }
/// store.send(.begin)
/// ```
public struct TodoEditor: Reducer {
  public typealias Action = TodoEditorAction

  /// The sheet's state: plain data, the draft as typed.
  public struct State: Equatable, Sendable {
    public enum Phase: Equatable, Sendable { case loading, editing, saving, saved, cancelled }

    /// The todo being edited.
    public var todoID: UUID
    public var phase: Phase = .loading
    /// The todo as the session began (or as last saved).
    public var original: Todo?
    public var title = ""
    public var notes = ""
    /// The deadline as typed (`yyyy-MM-dd[THH:mm]`); empty for none.
    public var deadline = ""
    public var status = TodoStatus.notStarted
    public var section = ""
    /// How it repeats, as the person edits it (``Recurrence/editText``); empty for never.
    public var repeatText = ""
    /// Whether it repeats counted from the day it is done.
    public var afterCompletion = false
    /// How often it was done, for a repeating todo, once read.
    public var history: RepeatHistory?
    /// The person's reminders of the todo, the soonest first, once read.
    public var reminders: [Reminder] = []
    /// The start date as typed (`yyyy-MM-dd[THH:mm]`); empty for none.
    public var start = ""
    /// Whether it is put aside for some day.
    public var someday = false
    /// The priority: `1` (P1) to `4`, or empty for none.
    public var priority = ""
    /// The tags as typed (`work errands`).
    public var tags = ""
    /// The account it is assigned to, or empty for nobody.
    public var assignee = ""
    /// What went wrong last, if anything.
    public var problem: EditorProblem?

    /// Creates the state of a sheet about to edit `todoID`.
    public init(todoID: UUID) {
      self.todoID = todoID
    }

    /// Takes the fields the page sent: those it always sends, and each other one it gave.
    mutating func take(_ fields: PageEditor.Fields) {
      title = fields.title
      notes = fields.notes
      deadline = fields.deadline
      status = fields.status
      section = fields.section
      repeatText = fields.repeat ?? repeatText
      afterCompletion = fields.afterCompletion ?? afterCompletion
      start = fields.start ?? start
      someday = fields.someday ?? someday
      priority = fields.priority ?? priority
      tags = fields.tags ?? tags
      assignee = fields.assignee ?? assignee
    }

    /// Moves the draft from `original` onto `theirs`: what the person changed stays, every
    /// other field takes their value.
    mutating func rebase(from original: Todo, onto theirs: Todo) {
      if title == original.title { title = theirs.title }
      if notes == original.notes { notes = theirs.notes }
      if deadline == original.deadline?.rawValue ?? "" {
        deadline = theirs.deadline?.rawValue ?? ""
      }
      if status == original.status { status = theirs.status }
      if section == original.section ?? "" { section = theirs.section ?? "" }
      if start == original.start?.rawValue ?? "" { start = theirs.start?.rawValue ?? "" }
      if someday == original.isSomeday { someday = theirs.isSomeday }
      if priority == Self.priorityText(original) { priority = Self.priorityText(theirs) }
      if tagsChanged(from: original) == false { tags = Self.tagsText(theirs) }
      if assignee == original.assigneeID?.text ?? "" {
        assignee = theirs.assigneeID?.text ?? ""
      }
      if !repeatChanged(from: original) {
        repeatText = theirs.recurrence?.editText ?? ""
        afterCompletion = theirs.repeatMode == .afterCompletion
      }
      self.original = theirs
    }

    mutating func fill(from todo: Todo) {
      original = todo
      title = todo.title
      notes = todo.notes
      deadline = todo.deadline?.rawValue ?? ""
      status = todo.status
      section = todo.section ?? ""
      repeatText = todo.recurrence?.editText ?? ""
      afterCompletion = todo.repeatMode == .afterCompletion
      start = todo.start?.rawValue ?? ""
      someday = todo.isSomeday
      priority = Self.priorityText(todo)
      tags = Self.tagsText(todo)
      assignee = todo.assigneeID?.text ?? ""
    }

    /// A todo's priority as the sheet edits it: `1` to `4`, or empty.
    static func priorityText(_ todo: Todo) -> String {
      todo.priority.map { "\($0.rawValue)" } ?? ""
    }

    /// A todo's tags as the sheet edits them: `work errands`.
    static func tagsText(_ todo: Todo) -> String {
      todo.tagNames.joined(separator: " ")
    }

    /// Whether the typed tags differ from `todo`'s; `nil` when they cannot be read.
    func tagsChanged(from todo: Todo) -> Bool? {
      guard let typed = try? TodoValidation.tags(reading: tags) else { return nil }
      return typed != todo.tagNames
    }

    /// Whether the person changed how it repeats from how `todo` does.
    func repeatChanged(from todo: Todo?) -> Bool {
      repeatText != todo?.recurrence?.editText ?? ""
        || afterCompletion != (todo?.repeatMode == .afterCompletion)
    }

    /// The repeat change the draft makes to `original`: `nil` none, `.some(nil)` stop.
    ///
    /// - Throws: `TodoError.validation` on `repeat` for text that is no repeat.
    func recurrenceChange(now: Date, calendar: Calendar) throws(TodoError) -> Recurrence?? {
      guard repeatChanged(from: original) else { return nil }
      let text = repeatText.trimmingCharacters(in: .whitespaces)
      if text.isEmpty { return .some(nil) }
      var recurrence = try Recurrence.reading(text, now: now, calendar: calendar).recurrence
      if afterCompletion { recurrence.mode = .afterCompletion }
      return .some(recurrence)
    }
  }

  /// The todo store (``TodoClient``): edit sessions begin there.
  @Dependency(\.todoClient) var todos
  @Dependency(\.date) var date
  @Dependency(\.calendar) var calendar
  let sessions: EditSessions

  /// Creates the feature; `sessions` holds the open child contexts. It reads and writes
  /// through the `todoClient` dependency.
  public init(sessions: EditSessions = EditSessions()) {
    self.sessions = sessions
  }

  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    let id = state.todoID
    switch action {
    case .begin:
      state.phase = .loading
      state.problem = nil
      return todos.edit { [sessions] todos, send in
        let session = try await todos.beginEdit(id)
        sessions.open(session)
        send(.began(session.original))
      }

    case .began(let todo):
      state.fill(from: todo)
      state.phase = .editing
      state.history = nil
      let reminders = todos.edit { todos, send in
        let reminders = try await todos.reminders(id)
        // The sheet starts with none: only some are news.
        if !reminders.isEmpty { send(.reminders(reminders)) }
      }
      guard todo.recurrence != nil else { return reminders }
      return .merge(
        reminders,
        .run { [todos] send in
          let completions = try await todos.completions(id)
          send(
            .history(RepeatHistory(completions, changed: try await todos.changedOccurrences(id))))
        } catch: { _, _ in
          // The history is a courtesy: the sheet works without it.
        })

    case .history(let history):
      state.history = history
      return .none

    case .reminders(let reminders):
      state.reminders = reminders
      return .none

    case .addReminder(let text):
      guard state.original != nil else { return .none }
      let zone = calendar.timeZone
      return todos.changeReminders(of: id) { todos in
        _ = try await todos.addReminder(id, try ReminderTrigger(reading: text, in: zone))
      }

    case .removeReminder(let reminderID):
      guard state.reminders.contains(where: { $0.id == reminderID }) else { return .none }
      return todos.changeReminders(of: id) { todos in try await todos.removeReminder(reminderID) }

    case .setFields(let fields):
      state.take(fields)

    case .save:
      // After a conflict the person chooses: Keep mine or Use theirs, not a plain save.
      guard state.phase == .editing, state.problem?.theirs == nil, let session = sessions[id]
      else { return .none }
      state.phase = .saving
      state.problem = nil
      let draft = state
      let deadline = draft.deadline.trimmingCharacters(in: .whitespaces)
      let start = draft.start.trimmingCharacters(in: .whitespaces)
      // The clock and calendar read words ("every monday", "tomorrow"), only when the repeat
      // changed or a date is not written with digits.
      let repeatChanged = draft.repeatChanged(from: draft.original)
      let words = [deadline, start].contains(where: Deadline.mayBeWords)
      let reading = repeatChanged || words ? (date.now, calendar) : nil
      return .run { send in
        var recurrence: Recurrence?? = nil
        if let (now, calendar) = reading, repeatChanged {
          recurrence = try draft.recurrenceChange(now: now, calendar: calendar)
        }
        func typed(_ text: String, field: String) throws -> Deadline? {
          guard !text.isEmpty else { return nil }
          guard let (now, calendar) = reading else {
            return try Deadline(parsing: text, field: field)
          }
          return try Deadline(typed: text, field: field, now: now, calendar: calendar)
        }
        let priority = draft.priority.trimmingCharacters(in: .whitespaces)
        let assignee = draft.assignee.trimmingCharacters(in: .whitespaces)
        try await session.apply(
          TodoPatch(
            title: draft.title, notes: draft.notes,
            deadline: .some(try typed(deadline, field: "deadline")),
            status: draft.status, section: .some(draft.section),
            recurrence: recurrence,
            start: .some(try typed(start, field: "start")),
            someday: draft.someday,
            priority: .some(priority.isEmpty ? nil : try Priority(parsing: priority)),
            tags: try TodoValidation.tags(reading: draft.tags),
            assigneeID: .some(assignee.isEmpty ? nil : try TodoValidation.assignee(assignee))))
        send(.saved(try await session.save()))
      } catch: { [todos, sessions] error, send in
        guard EditorProblem(error).currentVersion != nil,
          let fresh = try? await todos.beginEdit(id)
        else {
          send(.failed(EditorProblem(error)))
          return
        }
        // Someone else saved first: a session on their version replaces the stale one, so
        // that "Keep mine" saves the draft over it.
        sessions.open(fresh)
        send(.failed(.conflict(theirs: fresh.original)))
      }

    case .saved(let todo):
      sessions.close(id)
      state.fill(from: todo)
      state.phase = .saved
      return .none

    case .failed(let problem):
      state.problem = problem
      state.phase = state.original == nil ? .loading : .editing
      return .none

    case .cancel:
      sessions.close(id)?.cancel()
      if let original = state.original { state.fill(from: original) }
      state.phase = .cancelled
      state.problem = nil
      return .none

    case .keepMine:
      guard let theirs = state.problem?.theirs, let original = state.original else {
        return .none
      }
      state.rebase(from: original, onto: theirs)
      state.problem = nil
      return .send(.save)

    case .useTheirs:
      guard let theirs = state.problem?.theirs else { return .none }
      state.fill(from: theirs)
      state.problem = nil
      return .none
    }
    return .none
  }
}

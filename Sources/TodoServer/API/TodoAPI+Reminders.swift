import Foundation
import TodoCore

extension TodoAPI {
  func listReminders(_ input: Operations.ListReminders.Input) async throws
    -> Operations.ListReminders.Output
  {
    let service = try service()
    let reminders = try await service.reminders(of: try identifier(input.path.todoID, of: "todo"))
    return .ok(.init(body: .json(reminders.map { Self.schema($0, service: service) })))
  }

  func addReminder(_ input: Operations.AddReminder.Input) async throws
    -> Operations.AddReminder.Output
  {
    let service = try service()
    let id = try identifier(input.path.todoID, of: "todo")
    let body =
      switch input.body {
      case .json(let body): body
      }
    let trigger: ReminderTrigger
    switch (body.at, body.offset, body.text) {
    case (let at?, nil, nil): trigger = .at(at)
    case (nil, let offset?, nil): trigger = .relative(seconds: offset)
    case (nil, nil, let text?): trigger = try ReminderTrigger(reading: text, in: service.timeZone)
    default:
      throw TodoError.validation(
        field: "reminder", message: "give exactly one of at, offset or text")
    }
    let reminder = try await service.addReminder(to: id, trigger)
    return .created(.init(body: .json(Self.schema(reminder, service: service))))
  }

  func listRingingReminders(_ input: Operations.ListRingingReminders.Input) async throws
    -> Operations.ListRingingReminders.Output
  {
    let ringing = try await service().ringingReminders()
    return .ok(
      .init(
        body: .json(
          ringing.map {
            .init(
              id: $0.id.uuidString, todoID: $0.todoID.uuidString, listID: $0.listID.uuidString,
              title: $0.title, deadline: $0.deadline?.rawValue, since: $0.since, late: $0.late)
          })))
  }

  func removeReminder(_ input: Operations.RemoveReminder.Input) async throws
    -> Operations.RemoveReminder.Output
  {
    try await service().removeReminder(id: try identifier(input.path.reminderID, of: "reminder"))
    return .noContent(.init())
  }

  func snoozeReminder(_ input: Operations.SnoozeReminder.Input) async throws
    -> Operations.SnoozeReminder.Output
  {
    let service = try service()
    let body =
      switch input.body {
      case .json(let body): body
      }
    guard let snooze = ReminderSnooze(rawValue: body.snooze.rawValue) else {
      throw TodoError.validation(field: "snooze", message: "tenMinutes, hour or tomorrow")
    }
    let reminder = try await service.snoozeReminder(
      id: try identifier(input.path.reminderID, of: "reminder"), snooze)
    return .ok(.init(body: .json(Self.schema(reminder, service: service))))
  }

  func dismissReminder(_ input: Operations.DismissReminder.Input) async throws
    -> Operations.DismissReminder.Output
  {
    try await service().dismissReminder(id: try identifier(input.path.reminderID, of: "reminder"))
    return .noContent(.init())
  }

  /// A reminder as the API writes it.
  static func schema(_ reminder: Reminder, service: TodoService) -> Components.Schemas.Reminder {
    .init(
      id: reminder.id.uuidString, todoID: reminder.todoID.uuidString, at: reminder.at,
      offset: reminder.offset, label: service.label(of: reminder), fireAt: reminder.fireAt,
      ringingSince: reminder.ringingSince, late: reminder.late)
  }
}

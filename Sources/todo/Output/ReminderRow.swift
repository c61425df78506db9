import Foundation
import TodoCore

/// A reminder as `todo remind` shows it, the same from the database and from a server.
struct ReminderRow: Codable, Equatable {
  /// The reminder's identifier.
  var id: UUID
  /// When it fires, as people read it ("10 minutes before", "Tomorrow 09:00").
  var label: String
  /// The next moment it fires, if it will.
  var fireAt: Date?
  /// Whether it rings now.
  var ringing: Bool

  init(_ reminder: Reminder, label: String) {
    id = reminder.id
    self.label = label
    fireAt = reminder.fireAt
    ringing = reminder.ringingSince != nil
  }

  init(_ reminder: Components.Schemas.Reminder) {
    id = UUID(uuidString: reminder.id) ?? UUID()
    label = reminder.label
    fireAt = reminder.fireAt
    ringing = reminder.ringingSince != nil
  }
}

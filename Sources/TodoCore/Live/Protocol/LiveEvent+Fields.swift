import Foundation

// The fields of the page's events beside `v` and `type`, each struct written once: its stored
// properties are the fields on the wire (docs/live-protocol.md, "Page → server").

/// No fields: the type says it all (`undo`, `resync`).
struct NoFields: LiveFields {
  init(_: Void) {}
  func value() {}
}

/// `id`: the todo or list the event is about.
struct IDFields: LiveFields {
  var id: UUID
  init(_ id: UUID) { self.id = id }
  func value() -> UUID { id }
}

/// `title`: the new todo's text (`add`).
struct TitleFields: LiveFields {
  var title: String
  init(_ title: String) { self.title = title }
  func value() -> String { title }
}

/// `id` and `title`: a todo added with the identifier the page chose (`create`).
struct CreateFields: LiveFields {
  var id: UUID
  var title: String
  init(_ value: (UUID, String)) { (id, title) = value }
  func value() -> (UUID, String) { (id, title) }
}

/// `text`: what a field holds as typed (`typeNew`, `search`).
struct TextFields: LiveFields {
  var text: String
  init(_ text: String) { self.text = text }
  func value() -> String { text }
}

/// `zone`: an IANA time zone identifier (`setTimeZone`).
struct ZoneFields: LiveFields {
  var zone: String
  init(_ zone: String) { self.zone = zone }
  func value() -> String { zone }
}

/// `name`: a new list's name (`createList`).
struct NameFields: LiveFields {
  var name: String
  init(_ name: String) { self.name = name }
  func value() -> String { name }
}

/// `id` and `name`: a list renamed (`renameList`).
struct RenameFields: LiveFields {
  var id: UUID
  var name: String
  init(_ value: (UUID, String)) { (id, name) = value }
  func value() -> (UUID, String) { (id, name) }
}

/// `name` and `query`: a filter saved (`saveFilter`).
struct SaveFilterFields: LiveFields {
  var name: String
  var query: String
  init(_ value: (String, String)) { (name, query) = value }
  func value() -> (String, String) { (name, query) }
}

/// `id`, `name` and `query`: a saved filter changed (`editFilter`).
struct EditFilterFields: LiveFields {
  var id: UUID
  var name: String
  var query: String
  init(_ value: (UUID, String, String)) { (id, name, query) = value }
  func value() -> (UUID, String, String) { (id, name, query) }
}

/// `name`, `newName` and `color`: a tag renamed and coloured (`editTag`).
struct EditTagFields: LiveFields {
  var name: String
  var newName: String
  var color: String
  init(_ value: (String, String, String)) { (name, newName, color) = value }
  func value() -> (String, String, String) { (name, newName, color) }
}

/// `id` and `status` (`setStatus`).
struct StatusFields: LiveFields {
  var id: UUID
  var status: TodoStatus
  init(_ value: (UUID, TodoStatus)) { (id, status) = value }
  func value() -> (UUID, TodoStatus) { (id, status) }
}

/// `id` and `snooze`: a ringing reminder put off (`snoozeReminder`).
struct SnoozeFields: LiveFields {
  var id: UUID
  var snooze: ReminderSnooze
  init(_ value: (UUID, ReminderSnooze)) { (id, snooze) = value }
  func value() -> (UUID, ReminderSnooze) { (id, snooze) }
}

/// `id` and `parent`: a todo nested under another (`nest`).
struct NestFields: LiveFields {
  var id: UUID
  var parent: UUID
  init(_ value: (UUID, UUID)) { (id, parent) = value }
  func value() -> (UUID, UUID) { (id, parent) }
}

/// `all`: whether the open subtasks are completed with their parent (`completeSubtasks`).
struct AllFields: LiveFields {
  var all: Bool
  init(_ all: Bool) { self.all = all }
  func value() -> Bool { all }
}

/// `id` (a group's, `group:done`, or a parent todo's) and `expanded` (`setExpanded`).
struct ExpandFields: LiveFields {
  var id: String
  var expanded: Bool
  init(_ value: (String, Bool)) { (id, expanded) = value }
  func value() -> (String, Bool) { (id, expanded) }
}

/// `id`, and `before` or `after` another row (`move`, `moveList`).
struct MoveFields: LiveFields {
  var id: UUID
  var before: UUID?
  var after: UUID?

  /// A move next to another row; the page has no move to the top or the bottom.
  init?(_ value: (UUID, MovePosition)) {
    id = value.0
    switch value.1 {
    case .before(let anchor): before = anchor
    case .after(let anchor): after = anchor
    case .top, .bottom: return nil
    }
  }

  func value() throws(LiveProtocolError) -> (UUID, MovePosition) {
    if let before { return (id, .before(before)) }
    if let after { return (id, .after(after)) }
    throw .invalidField("before", "a move needs \"before\" or \"after\"")
  }
}

/// `view`: a smart view (`chooseView`).
struct ViewFields: LiveFields {
  var view: SmartView
  init(_ view: SmartView) { self.view = view }
  func value() -> SmartView { view }
}

/// `filter` (`chooseFilter`).
struct FilterFields: LiveFields {
  var filter: PageList.Filter
  init(_ filter: PageList.Filter) { self.filter = filter }
  func value() -> PageList.Filter { filter }
}

/// `layout` (`chooseLayout`).
struct LayoutFields: LiveFields {
  var layout: PageList.Layout
  init(_ layout: PageList.Layout) { self.layout = layout }
  func value() -> PageList.Layout { layout }
}

/// `on` (`sortByDeadline`, `sortByPriority`).
struct SwitchFields: LiveFields {
  var on: Bool
  init(_ on: Bool) { self.on = on }
  func value() -> Bool { on }
}

/// `rows`: how many rows at the top of the list the page holds (`showRows`), 1 to
/// ``PageList/maximumRows``.
struct RowsFields: LiveFields {
  var rows: Int
  init(_ rows: Int) { self.rows = rows }
  func value() throws(LiveProtocolError) -> Int {
    guard (1...PageList.maximumRows).contains(rows) else {
      throw .invalidField("rows", "must be a whole number from 1 to \(PageList.maximumRows)")
    }
    return rows
  }
}

/// The edit sheet's fields (`saveEdit`, `keepMine`) are the sheet's own (``PageEditor/Fields``):
/// `title` and `status`, and `notes`, `deadline` and `section`, each empty when absent;
/// `repeat` (words or a rule, empty for never), `afterCompletion`, `start` (a date, empty for
/// none), `someday`, `priority` (`1` to `4`, empty for none), `tags` (words, empty for none)
/// and `assignee` (an account of the list's members, empty for nobody), each unchanged when
/// absent.
extension PageEditor.Fields: LiveFields {
  init(_ fields: Self) { self = fields }
  func value() -> Self { self }
}

/// A draft kept across a reload (`restoreEdit`): the todo's `id` and the `version` it was
/// typed over, beside the sheet's fields (``PageEditor/Fields``) in the same object.
struct RestoreFields: LiveFields {
  /// The fields that say which todo, at which version (a whole number on the wire).
  struct Draft: Codable {
    var id: UUID
    var version: Int
  }

  var draft: Draft
  var sheet: PageEditor.Fields

  init(_ value: (UUID, version: Version, PageEditor.Fields)) {
    draft = Draft(id: value.0, version: Int(value.version.rawValue))
    sheet = value.2
  }

  init(from decoder: any Decoder) throws {
    draft = try Draft(from: decoder)
    sheet = try PageEditor.Fields(from: decoder)
  }

  func encode(to encoder: any Encoder) throws {
    try draft.encode(to: encoder)
    try sheet.encode(to: encoder)
  }

  func value() -> (UUID, version: Version, PageEditor.Fields) {
    (draft.id, Version(Int64(draft.version)), sheet)
  }
}

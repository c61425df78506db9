import TerminalUI
import TodoCore

/// The terminal's edit form of a todo: TerminalUI's `Form` over the list, filled from
/// ``LivePage``'s sheet (``TodoEditor``) once it has loaded and sent back whole on Save
/// (``LivePage/Action/saveEdit(_:)``), as the web page's form is.
///
/// Its fields are Title, Notes, Deadline (`yyyy-MM-dd`), Section and Status (a choice); its
/// buttons Save and Cancel, or, after another person changed the todo, Keep mine, Use
/// theirs and Cancel.
struct TuiForm: Equatable {
  /// The identifier of the todo being edited.
  var todoID: String
  /// The form; `nil` until the sheet has loaded.
  var form: Form?
  /// Whether the sheet was seen open: its closing closes the form.
  var opened = false
  /// The sheet's problem (a refused field, another person's change).
  var problem: String?
  /// Whether the problem is another person's change.
  var conflict = false

  /// The statuses in the order of the Status field's options.
  static let statuses: [TodoStatus] = [.notStarted, .inProgress, .done]

  /// The buttons of a form, after a conflict or not.
  static func buttons(conflict: Bool) -> [String] {
    conflict ? ["Keep mine", "Use theirs", "Cancel"] : ["Save", "Cancel"]
  }

  /// Takes the sheet's state: its fields once loaded (or after Use theirs), its problem.
  mutating func follow(_ editor: LiveChrome.EditorForm) {
    opened = true
    problem = editor.problem
    conflict = editor.conflict
    if form != nil {
      let buttons = Self.buttons(conflict: conflict)
      if form?.buttons != buttons {
        form?.buttons = buttons
        form?.focus = .field(0)
      }
    }
    guard form == nil, editor.phase == "editing" else { return }
    form = Form(
      title: "Edit todo",
      fields: [
        .text("Title", editor.title), .text("Notes", editor.notes),
        .text("Deadline", editor.deadline), .text("Section", editor.section),
        .choice(
          "Status", options: Self.statuses.map(Self.name(of:)),
          selected: Self.statuses.firstIndex(of: editor.status) ?? 0),
      ],
      buttons: Self.buttons(conflict: conflict))
  }

  /// The fields as typed, for Save; `nil` while loading.
  var fields: LivePage.EditFields? {
    guard let form, form.fields.count == 5 else { return nil }
    let status = form.fields[4].selectedIndex.map { Self.statuses[$0] } ?? .notStarted
    return LivePage.EditFields(
      title: form.fields[0].text ?? "", notes: form.fields[1].text ?? "",
      deadline: form.fields[2].text ?? "", status: status, section: form.fields[3].text ?? "")
  }

  /// A status in words.
  static func name(of status: TodoStatus) -> String {
    switch status {
    case .notStarted: "Not started"
    case .inProgress: "In progress"
    case .done: "Done"
    }
  }

  /// The status after `status` (`notStarted` → `inProgress` → `done` → `notStarted`).
  static func cycled(_ status: TodoStatus) -> TodoStatus {
    let index = statuses.firstIndex(of: status) ?? 0
    return statuses[(index + 1) % statuses.count]
  }
}

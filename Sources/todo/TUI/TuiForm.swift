import TerminalUI
import TodoCore

/// The terminal's edit form of a todo: TerminalUI's `Form` over the list, filled from
/// ``LivePage``'s sheet (``TodoEditor``) once it has loaded and sent back whole on Save
/// (``PageEditor/Action/saveEdit(_:)``), as the web page's form is.
///
/// Its fields are Title, Notes, Deadline (`yyyy-MM-dd`, with `THH:mm`, or words such as
/// "tomorrow" or "friday 9:00"), Start (a date the same way, or "someday"), Repeat
/// (words such as "every monday" or "every 3 days after done", or a rule; empty for never),
/// Section, Tags (words), Priority and Status (choices), and on a shared list Assignee (Nobody
/// or a member); its buttons Save and Cancel, or, after another person changed the todo, Keep
/// mine, Use theirs and Cancel.
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
  /// Whom the todo can be assigned to, in the order of the Assignee field's options after
  /// Nobody: the list's members when the form was filled (none without accounts).
  var members: [LiveChrome.MemberEntry] = []

  /// The statuses in the order of the Status field's options.
  static let statuses: [TodoStatus] = [.notStarted, .inProgress, .done]
  /// The Priority field's options: none, then P1 to P4.
  static let priorities = ["None"] + Priority.allCases.map(\.label)

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
    members = editor.members
    var assignee: [FormField] = []
    if !members.isEmpty {
      let selected = members.firstIndex { $0.id == editor.assignee }.map { $0 + 1 } ?? 0
      assignee = [
        .choice("Assignee", options: ["Nobody"] + members.map(\.name), selected: selected)
      ]
    }
    form = Form(
      title: "Edit todo",
      fields: [
        .text("Title", editor.title), .text("Notes", editor.notes),
        .text("Deadline", editor.deadline),
        .text("Start", editor.someday ? "someday" : editor.start),
        .text("Repeat", editor.repeat + (editor.afterCompletion ? " after done" : "")),
        .text("Section", editor.section), .text("Tags", editor.tags),
        .choice("Priority", options: Self.priorities, selected: Int(editor.priority) ?? 0),
        .choice(
          "Status", options: Self.statuses.map(Self.name(of:)),
          selected: Self.statuses.firstIndex(of: editor.status) ?? 0),
      ] + assignee,
      buttons: Self.buttons(conflict: conflict))
  }

  /// The fields as typed, for Save; `nil` while loading.
  var fields: PageEditor.Fields? {
    guard let form else { return nil }
    // The values are taken in one pass over the fields, not as `form.fields[i].text`:
    // Swift 6.3's release optimizer crashes ("Found outside of lifetime use") on a
    // subscripted field's computed property here.
    var texts: [String] = []
    var choices: [Int] = []
    for field in form.fields {
      switch field.value {
      case .text(let state): texts.append(state.text)
      case .choice(_, let index): choices.append(index)
      }
    }
    guard texts.count == 7, choices.count == (members.isEmpty ? 2 : 3),
      Self.statuses.indices.contains(choices[1])
    else {
      return nil
    }
    // Nobody (""), a member's identifier, or, without members, the assignee left as it is.
    let assignee: String? =
      members.isEmpty ? nil : choices[2] == 0 ? "" : members[choices[2] - 1].id
    let selected = choices[1]
    // The mode is in the words ("after done"), Someday in the Start field, as the form shows
    // them.
    let someday = texts[3].trimmingCharacters(in: .whitespaces).lowercased() == "someday"
    return PageEditor.Fields(
      title: texts[0], notes: texts[1], deadline: texts[2], status: Self.statuses[selected],
      section: texts[5], repeat: texts[4], afterCompletion: false, start: someday ? "" : texts[3],
      someday: someday, priority: choices[0] == 0 ? "" : "\(choices[0])", tags: texts[6],
      assignee: assignee)
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

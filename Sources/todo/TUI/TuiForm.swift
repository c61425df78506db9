import TerminalUI
import TodoCore

/// The terminal's edit form of a todo: the draft of its fields and the field the keys type
/// into. It opens empty while ``LivePage``'s sheet loads (``TodoEditor``), takes the sheet's
/// fields once loaded, and is sent back whole on Save (``LivePage/Action/saveEdit(_:)``), as
/// the web page's form is.
struct TuiForm: Equatable {
  /// The fields, in the order Tab visits them.
  enum Field: Int, CaseIterable, Equatable {
    case title, notes, deadline, section, status

    /// The field's label.
    var label: String {
      switch self {
      case .title: "Title"
      case .notes: "Notes"
      case .deadline: "Deadline"
      case .section: "Section"
      case .status: "Status"
      }
    }
  }

  /// The identifier of the todo being edited.
  var todoID: String
  /// The draft; `nil` until the sheet has loaded.
  var fields: LivePage.EditFields?
  /// The field the keys type into.
  var focus = Field.title
  /// Whether the sheet was seen open: its closing closes the form.
  var opened = false
  /// The sheet's problem (a refused field, another person's change).
  var problem: String?
  /// Whether the problem is another person's change: Save keeps this draft
  /// (``LivePage/Action/keepMine(_:)``), Ctrl-T takes theirs.
  var conflict = false

  /// Takes the sheet's state: its fields once loaded (or after Use theirs), its problem.
  mutating func follow(_ editor: LiveChrome.EditorForm) {
    opened = true
    problem = editor.problem
    conflict = editor.conflict
    guard fields == nil, editor.phase == "editing" else { return }
    fields = LivePage.EditFields(
      title: editor.title, notes: editor.notes, deadline: editor.deadline,
      status: editor.status, section: editor.section)
  }

  /// The text of a field, as drawn.
  func text(of field: Field) -> String {
    guard let fields else { return "" }
    switch field {
    case .title: return fields.title
    case .notes: return fields.notes
    case .deadline: return fields.deadline
    case .section: return fields.section
    case .status: return TuiForm.name(of: fields.status)
    }
  }

  /// A status in words.
  static func name(of status: TodoStatus) -> String {
    switch status {
    case .notStarted: "Not started"
    case .inProgress: "In progress"
    case .done: "Done"
    }
  }

  /// The status after `status` (`notStarted` → `inProgress` → `done` → `notStarted`), or
  /// before it.
  static func cycled(_ status: TodoStatus, forward: Bool = true) -> TodoStatus {
    let all = TodoStatus.allCases
    let index = all.firstIndex(of: status) ?? 0
    return all[(index + (forward ? 1 : all.count - 1)) % all.count]
  }

  /// Edits the focused field with `key` (typing, Backspace, Ctrl-U to clear, the arrows or
  /// Space on the status) or moves the focus (Tab, Shift-Tab, ↑, ↓). Returns whether the key
  /// was one of these.
  mutating func edit(with key: Key) -> Bool {
    switch key {
    case .tab, .down:
      focus = Field(rawValue: (focus.rawValue + 1) % Field.allCases.count) ?? .title
      return true
    case .backTab, .up:
      let count = Field.allCases.count
      focus = Field(rawValue: (focus.rawValue + count - 1) % count) ?? .title
      return true
    default:
      break
    }
    guard var draft = fields else { return false }
    defer { fields = draft }
    if focus == .status {
      switch key {
      case .left: draft.status = Self.cycled(draft.status, forward: false)
      case .right, .character(" "): draft.status = Self.cycled(draft.status)
      default: return false
      }
      return true
    }
    var text = text(of: focus)
    switch key {
    case .character(let character): text.append(character)
    case .backspace: if !text.isEmpty { text.removeLast() }
    case .control("u"): text = ""
    default: return false
    }
    switch focus {
    case .title: draft.title = text
    case .notes: draft.notes = text
    case .deadline: draft.deadline = text
    case .section: draft.section = text
    case .status: break
    }
    return true
  }
}

import Composable
import Foundation

/// The live page's edit sheet as a feature: the page's events for it (open, save, keep mine,
/// use theirs, cancel, and a draft restored after a reload), over the sheet itself
/// (``TodoEditor``, a child while it is open).
///
/// The page sends a sheet's fields whole on Save (``Fields``); they are set on the sheet, then
/// saved. A concurrent change by someone else is never overwritten: the draft is kept beside
/// their version, and the person keeps theirs or the other. A draft the page kept across a
/// reload reopens its sheet (``Action/restoreEdit(_:version:_:)``), as a conflict if the todo
/// changed since.
///
/// ```swift
/// let store = TestStore(initialState: PageEditor.State(data: data, PageEditor.Local())) {
///   PageEditor()
/// } withDependencies: {
///   $0.todoClient = .live(service)
/// }
/// await store.send(.beginEdit(milk.id)) { $0.sheet = TodoEditor.State(todoID: milk.id) }
/// ```
public struct PageEditor: Reducer {
  /// The fields of the edit sheet when Save is pressed.
  public struct Fields: Equatable, Sendable, Codable {
    /// The title as typed (the service trims and validates it).
    public var title: String
    /// The notes.
    public var notes: String
    /// The deadline: `yyyy-MM-dd`, `yyyy-MM-ddTHH:mm`, or empty for none.
    public var deadline: String
    /// The status.
    public var status: TodoStatus
    /// The section heading; empty for none.
    public var section: String
    /// How it repeats: words or a rule; empty for never. Absent in a draft a page kept from
    /// before todos repeated: the repeat stays as it is.
    public var `repeat`: String?
    /// Whether it repeats counted from the day it is done.
    public var afterCompletion: Bool?
    /// The start date: `yyyy-MM-dd`, `yyyy-MM-ddTHH:mm`, or empty for none; absent leaves it.
    public var start: String?
    /// Whether it is put aside for some day; absent leaves it.
    public var someday: Bool?
    /// The priority, `1` (P1) to `4`, or empty for none; absent leaves it.
    public var priority: String?
    /// The tags, words apart by spaces or commas (empty for none); absent leaves them.
    public var tags: String?
    /// The account it is assigned to, or empty for nobody; absent leaves it.
    public var assignee: String?

    /// Creates the fields.
    public init(
      title: String, notes: String = "", deadline: String = "", status: TodoStatus = .notStarted,
      section: String = "", repeat: String? = nil, afterCompletion: Bool? = nil,
      start: String? = nil, someday: Bool? = nil, priority: String? = nil, tags: String? = nil,
      assignee: String? = nil
    ) {
      self.title = title
      self.notes = notes
      self.deadline = deadline
      self.status = status
      self.section = section
      self.repeat = `repeat`
      self.afterCompletion = afterCompletion
      self.start = start
      self.someday = someday
      self.priority = priority
      self.tags = tags
      self.assignee = assignee
    }

    /// Reads the fields as the page sends them: `notes`, `deadline` and `section` absent are
    /// empty, the others absent are left as they are.
    public init(from decoder: any Decoder) throws {
      let fields = try decoder.container(keyedBy: CodingKeys.self)
      self.init(
        title: try fields.decode(String.self, forKey: .title),
        notes: try fields.decodeIfPresent(String.self, forKey: .notes) ?? "",
        deadline: try fields.decodeIfPresent(String.self, forKey: .deadline) ?? "",
        status: try fields.decode(TodoStatus.self, forKey: .status),
        section: try fields.decodeIfPresent(String.self, forKey: .section) ?? "",
        repeat: try fields.decodeIfPresent(String.self, forKey: .repeat),
        afterCompletion: try fields.decodeIfPresent(Bool.self, forKey: .afterCompletion),
        start: try fields.decodeIfPresent(String.self, forKey: .start),
        someday: try fields.decodeIfPresent(Bool.self, forKey: .someday),
        priority: try fields.decodeIfPresent(String.self, forKey: .priority),
        tags: try fields.decodeIfPresent(String.self, forKey: .tags),
        assignee: try fields.decodeIfPresent(String.self, forKey: .assignee))
    }

    /// The free-text fields with their names, as the page's text checks take them.
    var texts: [(field: String, text: String)] {
      [
        ("title", title), ("notes", notes), ("section", section), ("repeat", `repeat` ?? ""),
        ("tags", tags ?? ""),
      ]
    }
  }

  /// A draft the page kept across a reload, waiting for its sheet to open.
  public struct DraftRestore: Equatable, Sendable {
    /// The todo's version the draft was typed over.
    public var version: Version
    /// The draft.
    public var fields: Fields
  }

  /// The open sheet, and a draft waiting for it.
  public struct Local: Equatable, Sendable {
    /// The open edit sheet.
    public var sheet: TodoEditor.State?
    /// The draft the sheet opens with, when the page brought one back from a reload.
    public var restoring: DraftRestore?

    /// Creates the state of a page with no sheet open.
    public init() {}
  }

  /// The editor's state: its own, and the page's data.
  public typealias State = PageScoped<Local>

  /// The sheet's events, and what the sheet does.
  @CasePathable
  public enum Action: Equatable, Sendable {
    /// Open the sheet of a todo the page shows.
    case beginEdit(UUID)
    /// Save the sheet with these fields (refused with the sheet's problem, and not applied,
    /// if any text has a control character).
    case saveEdit(Fields)
    /// After a conflict: save the sheet with these fields over the other version.
    case keepMine(Fields)
    /// After a conflict: throw the draft away and edit the other version.
    case useTheirs
    case cancelEdit
    /// Move the open sheet's repeating todo on to its next occurrence without completing
    /// this one ("Skip this one"); the sheet closes, its draft dropped.
    case skipOccurrence
    /// Skipping failed: the message to show.
    case skipFailed(String)
    /// Reopen the sheet of a todo with a draft kept across a reconnect or a reload, typed
    /// over `version`: if someone else changed the todo since, the sheet shows the conflict.
    case restoreEdit(UUID, version: Version, Fields)
    /// Close the sheet without a word (the page shows another list or view); what it was
    /// doing is cancelled.
    case close
    /// The sheet itself.
    case sheet(TodoEditorAction)

    /// Whether the action is something the person did (not the page's or the sheet's).
    var isEvent: Bool {
      switch self {
      case .beginEdit, .saveEdit, .keepMine, .useTheirs, .cancelEdit, .restoreEdit,
        .skipOccurrence:
        true
      case .sheet(.addReminder), .sheet(.removeReminder): true
      case .close, .sheet, .skipFailed: false
      }
    }
  }

  let sessions: EditSessions
  @Dependency(\.todoClient) var todos

  /// Creates the feature.
  ///
  /// - Parameter sessions: The open edit sessions (child contexts) of this page.
  public init(sessions: EditSessions = EditSessions()) {
    self.sessions = sessions
  }

  /// The page's events for the sheet, with the sheet (``TodoEditor``) as a child while it is
  /// open: closing it cancels what it was doing.
  public var body: some Reducer<State, Action> {
    Reduce { state, action in reduceEvent(into: &state, action: action) }
      .ifLet(\.sheet, action: \.sheet) { TodoEditor(sessions: sessions) }
  }
}

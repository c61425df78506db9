import Composable
import Foundation

/// An event from a live page: one JSON message (schema version ``LiveMessage/version``,
/// documented in `docs/live-protocol.md`) that drives one action of the page's store.
///
/// Every event is `{"v":1,"type":…, …fields}`. The types and their fields are declared once,
/// in ``wireTypes``: decoding, encoding, the documentation's test and the round-trip
/// property test all read that list.
///
/// ```swift
/// let event = try LiveEvent(json: Data(#"{"v":1,"type":"toggle","id":"…"}"#.utf8))
/// if let action = event.action { store.send(action) }
/// ```
@CasePathable
public enum LiveEvent: Equatable, Sendable {
  /// A page action.
  case page(LivePage.Action)
  /// The page asks for a fresh snapshot (its DOM disagreed with a changeset).
  case resync

  /// The action for the page store, if the event is one.
  public var action: LivePage.Action? {
    if case .page(let action) = self { return action }
    return nil
  }

  /// Decodes one message.
  ///
  /// - Parameter json: The message's bytes.
  /// - Throws: ``LiveProtocolError`` for malformed JSON, another schema version, an unknown
  ///   event type or a missing or invalid field.
  public init(json: Data) throws(LiveProtocolError) {
    self = try LiveEnvelope.decode(Self.self, json: json)
  }

  /// The event as the message a page sends, the inverse of ``init(json:)``: what a client that
  /// is not a browser (`todo tui --server URL`) writes to the server's live connection.
  ///
  /// ```swift
  /// if let message = LiveEvent.page(.toggle(id)).json() { try await socket.write(message) }
  /// ```
  ///
  /// - Returns: The message, or `nil` for an action that only the store itself sends (the
  ///   results of its effects, ``LivePage/Action/onAppear``): those are not events.
  public func json() -> Data? {
    try? LiveMessage.encoder.encode(self)
  }
}

extension LiveEvent: Codable {
  /// Reads `v`, `type` and the type's fields.
  ///
  /// - Throws: ``LiveProtocolError`` (see ``init(json:)``).
  public init(from decoder: any Decoder) throws {
    let event = try LiveEnvelope.decode(Self.wireTypesByName, from: decoder)
    guard let number = try Self.number(in: decoder) else {
      self = event
      return
    }
    guard case .page(let action) = event else {
      throw LiveProtocolError.invalidField("seq", "only a page's event is numbered")
    }
    self = .page(.numbered(number, action))
  }

  /// Writes `v`, `type` and the type's fields, and `seq` for a numbered event.
  ///
  /// - Throws: `EncodingError.invalidValue` for an action that is not an event.
  public func encode(to encoder: any Encoder) throws {
    guard case .page(.numbered(let number, let action)) = self else {
      try LiveEnvelope.encode(self, Self.wireTypes, to: encoder)
      return
    }
    try LiveEnvelope.encode(Self.page(action), Self.wireTypes, to: encoder)
    var container = encoder.container(keyedBy: NumberKey.self)
    try container.encode(number, forKey: .seq)
  }

  private enum NumberKey: String, CodingKey { case seq }

  /// The event's `seq`, if the page numbered it (``LivePage/Action/numbered(_:_:)``): a
  /// positive integer.
  private static func number(in decoder: any Decoder) throws -> Int? {
    let container = try decoder.container(keyedBy: NumberKey.self)
    guard container.contains(.seq) else { return nil }
    guard let number = try? container.decode(Int.self, forKey: .seq), number > 0 else {
      throw LiveProtocolError.invalidField("seq", "a positive integer")
    }
    return number
  }
}

extension LiveEvent {
  /// Every event a page sends: its `type`, the case it decodes to, and its fields.
  ///
  /// `docs/live-protocol.md` has an example of each, which a test decodes with this list.
  static let wireTypes: [LiveWireType<LiveEvent>] = {
    let page = LiveEvent.allCasePaths.page
    let list = page.then(\.list)
    let search = page.then(\.search)
    let trash = page.then(\.trash)
    let sidebar = page.then(\.sidebar)
    let editor = page.then(\.editor)
    let sheet = editor.then(\.sheet)
    let reminders = page.then(\.reminders)
    return [
      .init("resync", LiveEvent.allCasePaths.resync, NoFields.self),
      .init("setTimeZone", page.then(\.setTimeZone), ZoneFields.self),
      // The todo list.
      .init("add", list.then(\.add), TitleFields.self),
      .init("create", list.then(\.create), CreateFields.self),
      .init("typeNew", list.then(\.typeNew), TextFields.self),
      .init("dismissQuickDeadline", list.then(\.dismissQuickDeadline), NoFields.self),
      .init("toggle", list.then(\.toggle), IDFields.self),
      .init("setStatus", list.then(\.setStatus), StatusFields.self),
      .init("move", list.then(\.move), MoveFields.self),
      .init("indent", list.then(\.indent), IDFields.self),
      .init("outdent", list.then(\.outdent), IDFields.self),
      .init("nest", list.then(\.nest), NestFields.self),
      .init("completeSubtasks", list.then(\.completeSubtasks), AllFields.self),
      .init("cancelComplete", list.then(\.cancelComplete), NoFields.self),
      .init("setExpanded", list.then(\.setExpanded), ExpandFields.self),
      .init("chooseFilter", list.then(\.chooseFilter), FilterFields.self),
      .init("chooseLayout", list.then(\.chooseLayout), LayoutFields.self),
      .init("sortByDeadline", list.then(\.sortByDeadline), SwitchFields.self),
      .init("sortByPriority", list.then(\.sortByPriority), SwitchFields.self),
      .init("showRows", list.then(\.showRows), RowsFields.self),
      // Search.
      .init("search", search.then(\.setText), TextFields.self),
      // The trash.
      .init("requestDelete", trash.then(\.requestDelete), IDFields.self),
      .init("confirmDelete", trash.then(\.confirmDelete), NoFields.self),
      .init("cancelDelete", trash.then(\.cancelDelete), NoFields.self),
      .init("clearCompleted", trash.then(\.clearCompleted), NoFields.self),
      .init("confirmClear", trash.then(\.confirmClear), NoFields.self),
      .init("cancelClear", trash.then(\.cancelClear), NoFields.self),
      .init("requestDeleteList", trash.then(\.requestDeleteList), IDFields.self),
      .init("confirmDeleteList", trash.then(\.confirmDeleteList), NoFields.self),
      .init("cancelDeleteList", trash.then(\.cancelDeleteList), NoFields.self),
      .init("undo", trash.then(\.undo), NoFields.self),
      .init("dismissToast", trash.then(\.dismissToast), NoFields.self),
      // Lists and smart views.
      .init("chooseList", sidebar.then(\.chooseList), IDFields.self),
      .init("chooseView", sidebar.then(\.chooseView), ViewFields.self),
      .init("createList", sidebar.then(\.createList), NameFields.self),
      .init("renameList", sidebar.then(\.renameList), RenameFields.self),
      .init("moveList", sidebar.then(\.moveList), MoveFields.self),
      // Saved filters and tags.
      .init("chooseSavedFilter", sidebar.then(\.chooseSavedFilter), IDFields.self),
      .init("chooseTag", sidebar.then(\.chooseTag), NameFields.self),
      .init("editTag", sidebar.then(\.editTag), EditTagFields.self),
      .init("showQuery", sidebar.then(\.showQuery), TextFields.self),
      .init("saveFilter", sidebar.then(\.saveFilter), SaveFilterFields.self),
      .init("editFilter", sidebar.then(\.editFilter), EditFilterFields.self),
      .init("requestDeleteFilter", sidebar.then(\.requestDeleteFilter), IDFields.self),
      .init("confirmDeleteFilter", sidebar.then(\.confirmDeleteFilter), NoFields.self),
      .init("cancelDeleteFilter", sidebar.then(\.cancelDeleteFilter), NoFields.self),
      // The edit sheet.
      .init("beginEdit", editor.then(\.beginEdit), IDFields.self),
      .init("saveEdit", editor.then(\.saveEdit), PageEditor.Fields.self),
      .init("keepMine", editor.then(\.keepMine), PageEditor.Fields.self),
      .init("useTheirs", editor.then(\.useTheirs), NoFields.self),
      .init("cancelEdit", editor.then(\.cancelEdit), NoFields.self),
      .init("restoreEdit", editor.then(\.restoreEdit), RestoreFields.self),
      .init("skipOccurrence", editor.then(\.skipOccurrence), NoFields.self),
      .init("addReminder", sheet.then(\.addReminder), TextFields.self),
      .init("removeReminder", sheet.then(\.removeReminder), IDFields.self),
      // Ringing reminders.
      .init("snoozeReminder", reminders.then(\.snooze), SnoozeFields.self),
      .init("dismissReminder", reminders.then(\.dismiss), IDFields.self),
      .init("completeReminder", reminders.then(\.complete), IDFields.self),
    ]
  }()

  /// ``wireTypes`` by name, for decoding.
  static let wireTypesByName = Dictionary(uniqueKeysWithValues: wireTypes.map { ($0.name, $0) })
}

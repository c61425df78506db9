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
    self = try LiveEnvelope.decode(Self.wireTypesByName, from: decoder)
  }

  /// Writes `v`, `type` and the type's fields.
  ///
  /// - Throws: `EncodingError.invalidValue` for an action that is not an event.
  public func encode(to encoder: any Encoder) throws {
    try LiveEnvelope.encode(self, Self.wireTypes, to: encoder)
  }
}

extension LiveEvent {
  /// Every event a page sends: its `type`, the case it decodes to, and its fields.
  ///
  /// `docs/live-protocol.md` has an example of each, which a test decodes with this list.
  static let wireTypes: [LiveWireType<LiveEvent>] = [
    .init("resync", \.resync, NoFields.self),
    .init("setTimeZone", \.page.setTimeZone, ZoneFields.self),
    // The todo list.
    .init("add", \.page.list.add, TitleFields.self),
    .init("typeNew", \.page.list.typeNew, TextFields.self),
    .init("dismissQuickDeadline", \.page.list.dismissQuickDeadline, NoFields.self),
    .init("toggle", \.page.list.toggle, IDFields.self),
    .init("setStatus", \.page.list.setStatus, StatusFields.self),
    .init("move", \.page.list.move, MoveFields.self),
    .init("setExpanded", \.page.list.setExpanded, ExpandFields.self),
    .init("chooseFilter", \.page.list.chooseFilter, FilterFields.self),
    .init("chooseLayout", \.page.list.chooseLayout, LayoutFields.self),
    .init("sortByDeadline", \.page.list.sortByDeadline, SwitchFields.self),
    // Search.
    .init("search", \.page.search.setText, TextFields.self),
    // The trash.
    .init("requestDelete", \.page.trash.requestDelete, IDFields.self),
    .init("confirmDelete", \.page.trash.confirmDelete, NoFields.self),
    .init("cancelDelete", \.page.trash.cancelDelete, NoFields.self),
    .init("clearCompleted", \.page.trash.clearCompleted, NoFields.self),
    .init("confirmClear", \.page.trash.confirmClear, NoFields.self),
    .init("cancelClear", \.page.trash.cancelClear, NoFields.self),
    .init("requestDeleteList", \.page.trash.requestDeleteList, IDFields.self),
    .init("confirmDeleteList", \.page.trash.confirmDeleteList, NoFields.self),
    .init("cancelDeleteList", \.page.trash.cancelDeleteList, NoFields.self),
    .init("undo", \.page.trash.undo, NoFields.self),
    .init("dismissToast", \.page.trash.dismissToast, NoFields.self),
    // Lists and smart views.
    .init("chooseList", \.page.sidebar.chooseList, IDFields.self),
    .init("chooseView", \.page.sidebar.chooseView, ViewFields.self),
    .init("createList", \.page.sidebar.createList, NameFields.self),
    .init("renameList", \.page.sidebar.renameList, RenameFields.self),
    .init("moveList", \.page.sidebar.moveList, MoveFields.self),
    // The edit sheet.
    .init("beginEdit", \.page.editor.beginEdit, IDFields.self),
    .init("saveEdit", \.page.editor.saveEdit, SheetFields.self),
    .init("keepMine", \.page.editor.keepMine, SheetFields.self),
    .init("useTheirs", \.page.editor.useTheirs, NoFields.self),
    .init("cancelEdit", \.page.editor.cancelEdit, NoFields.self),
    .init("restoreEdit", \.page.editor.restoreEdit, RestoreFields.self),
  ]

  /// ``wireTypes`` by name, for decoding.
  static let wireTypesByName = Dictionary(uniqueKeysWithValues: wireTypes.map { ($0.name, $0) })
}

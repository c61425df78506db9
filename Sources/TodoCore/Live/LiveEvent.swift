import Foundation

/// An event from a live page, decoded from its JSON message (schema version
/// ``LiveMessage/version``, documented in `docs/live-protocol.md`).
///
/// ```swift
/// let event = try LiveEvent(json: Data(#"{"v":1,"type":"toggle","id":"…"}"#.utf8))
/// if let action = event.action { store.send(action) }
/// ```
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
    let object: [String: Any]
    do {
      guard let decoded = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
        throw LiveProtocolError.malformed("a message must be a JSON object")
      }
      object = decoded
    } catch let error as LiveProtocolError {
      throw error
    } catch {
      throw .malformed("the message is not valid JSON")
    }
    let fields = Fields(object: object)
    guard let version = object["v"] as? Int else {
      throw .malformed("the message has no version \"v\"")
    }
    guard version == LiveMessage.version else {
      throw .unsupportedVersion(version)
    }
    let type = try fields.string("type")
    self = try Self.decode(type: type, fields)
  }

  private static func decode(type: String, _ fields: Fields) throws(LiveProtocolError) -> LiveEvent
  {
    switch type {
    case "resync": return .resync
    case "add": return .page(.add(try fields.string("title")))
    case "toggle": return .page(.toggle(try fields.id("id")))
    case "setStatus": return .page(.setStatus(try fields.id("id"), try fields.status("status")))
    case "beginEdit": return .page(.beginEdit(try fields.id("id")))
    case "saveEdit": return .page(.saveEdit(try fields.editFields()))
    case "keepMine": return .page(.keepMine(try fields.editFields()))
    case "useTheirs": return .page(.useTheirs)
    case "cancelEdit": return .page(.cancelEdit)
    case "createList": return .page(.createList(try fields.string("name")))
    case "renameList": return .page(.renameList(try fields.id("id"), try fields.string("name")))
    case "requestDeleteList": return .page(.requestDeleteList(try fields.id("id")))
    case "confirmDeleteList": return .page(.confirmDeleteList)
    case "cancelDeleteList": return .page(.cancelDeleteList)
    case "typeNew": return .page(.typeNew(try fields.string("text")))
    case "dismissQuickDeadline": return .page(.dismissQuickDeadline)
    case "setTimeZone": return .page(.setTimeZone(try fields.string("zone")))
    case "restoreEdit":
      return .page(
        .restoreEdit(
          try fields.id("id"), version: Version(Int64(try fields.int("version"))),
          try fields.editFields()))
    case "requestDelete": return .page(.requestDelete(try fields.id("id")))
    case "confirmDelete": return .page(.confirmDelete)
    case "cancelDelete": return .page(.cancelDelete)
    case "undo": return .page(.undo)
    case "dismissToast": return .page(.dismissToast)
    case "move":
      let id = try fields.id("id")
      if let before = try fields.optionalID("before") { return .page(.move(id, .before(before))) }
      if let after = try fields.optionalID("after") { return .page(.move(id, .after(after))) }
      throw .invalidField("before", "a move needs \"before\" or \"after\"")
    case "moveList":
      let id = try fields.id("id")
      if let before = try fields.optionalID("before") {
        return .page(.moveList(id, .before(before)))
      }
      if let after = try fields.optionalID("after") { return .page(.moveList(id, .after(after))) }
      throw .invalidField("before", "a move needs \"before\" or \"after\"")
    case "search": return .page(.search(try fields.string("text")))
    case "setExpanded":
      return .page(.setExpanded(try fields.string("id"), try fields.bool("expanded")))
    case "chooseList": return .page(.chooseList(try fields.id("id")))
    case "chooseView": return .page(.chooseView(try fields.choice("view", SmartView.self)))
    case "chooseFilter":
      return .page(.chooseFilter(try fields.choice("filter", LivePage.Filter.self)))
    case "chooseLayout":
      return .page(.chooseLayout(try fields.choice("layout", LivePage.Layout.self)))
    case "sortByDeadline": return .page(.sortByDeadline(try fields.bool("on")))
    case "clearCompleted": return .page(.clearCompleted)
    case "confirmClear": return .page(.confirmClear)
    case "cancelClear": return .page(.cancelClear)
    default: throw .unknownType(type)
    }
  }
}

/// Reads typed fields of a decoded message.
private struct Fields {
  let object: [String: Any]

  func string(_ key: String, default value: String? = nil) throws(LiveProtocolError) -> String {
    guard let raw = object[key] else {
      if let value { return value }
      throw .invalidField(key, "missing")
    }
    guard let text = raw as? String else { throw .invalidField(key, "must be a string") }
    return text
  }

  func int(_ key: String) throws(LiveProtocolError) -> Int {
    guard let value = object[key] as? Int, value >= 0 else {
      throw .invalidField(key, "must be a whole number")
    }
    return value
  }

  func bool(_ key: String) throws(LiveProtocolError) -> Bool {
    guard let value = object[key] as? Bool else {
      throw .invalidField(key, "must be true or false")
    }
    return value
  }

  func id(_ key: String) throws(LiveProtocolError) -> UUID {
    guard let id = UUID(uuidString: try string(key)) else {
      throw .invalidField(key, "must be a UUID")
    }
    return id
  }

  func optionalID(_ key: String) throws(LiveProtocolError) -> UUID? {
    object[key] == nil ? nil : try id(key)
  }

  func status(_ key: String) throws(LiveProtocolError) -> TodoStatus {
    try choice(key, TodoStatus.self)
  }

  /// The edit sheet's fields (`saveEdit`, `keepMine`).
  func editFields() throws(LiveProtocolError) -> LivePage.EditFields {
    LivePage.EditFields(
      title: try string("title"), notes: try string("notes", default: ""),
      deadline: try string("deadline", default: ""), status: try status("status"),
      section: try string("section", default: ""))
  }

  func choice<T: RawRepresentable & CaseIterable>(_ key: String, _: T.Type)
    throws(LiveProtocolError) -> T where T.RawValue == String
  {
    let text = try string(key)
    guard let value = T(rawValue: text) else {
      let allowed = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw .invalidField(key, "must be one of \(allowed)")
    }
    return value
  }
}

import Foundation

extension LiveEvent {
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
    guard let fields = fields else { return nil }
    var object = fields
    object["v"] = LiveMessage.version
    return try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
  }

  /// The message's fields, `type` included.
  private var fields: [String: Any]? {
    guard case .page(let action) = self else { return ["type": "resync"] }
    switch action {
    case .add(let title): return ["type": "add", "title": title]
    case .typeNew(let text): return ["type": "typeNew", "text": text]
    case .dismissQuickDeadline: return ["type": "dismissQuickDeadline"]
    case .setTimeZone(let zone): return ["type": "setTimeZone", "zone": zone]
    case .toggle(let id): return ["type": "toggle", "id": id.uuidString]
    case .setStatus(let id, let status):
      return ["type": "setStatus", "id": id.uuidString, "status": status.rawValue]
    case .beginEdit(let id): return ["type": "beginEdit", "id": id.uuidString]
    case .saveEdit(let edit): return Self.edit("saveEdit", edit)
    case .keepMine(let edit): return Self.edit("keepMine", edit)
    case .restoreEdit(let id, let version, let edit):
      var fields = Self.edit("restoreEdit", edit)
      fields["id"] = id.uuidString
      fields["version"] = version.rawValue
      return fields
    case .useTheirs: return ["type": "useTheirs"]
    case .cancelEdit: return ["type": "cancelEdit"]
    case .requestDelete(let id): return ["type": "requestDelete", "id": id.uuidString]
    case .confirmDelete: return ["type": "confirmDelete"]
    case .cancelDelete: return ["type": "cancelDelete"]
    case .undo: return ["type": "undo"]
    case .dismissToast: return ["type": "dismissToast"]
    case .move(let id, let position): return Self.move("move", id, position)
    case .moveList(let id, let position): return Self.move("moveList", id, position)
    case .search(let text): return ["type": "search", "text": text]
    case .setExpanded(let id, let expanded):
      return ["type": "setExpanded", "id": id, "expanded": expanded]
    case .chooseList(let id): return ["type": "chooseList", "id": id.uuidString]
    case .chooseView(let view): return ["type": "chooseView", "view": view.rawValue]
    case .createList(let name): return ["type": "createList", "name": name]
    case .renameList(let id, let name):
      return ["type": "renameList", "id": id.uuidString, "name": name]
    case .requestDeleteList(let id): return ["type": "requestDeleteList", "id": id.uuidString]
    case .confirmDeleteList: return ["type": "confirmDeleteList"]
    case .cancelDeleteList: return ["type": "cancelDeleteList"]
    case .chooseFilter(let filter): return ["type": "chooseFilter", "filter": filter.rawValue]
    case .chooseLayout(let layout): return ["type": "chooseLayout", "layout": layout.rawValue]
    case .sortByDeadline(let on): return ["type": "sortByDeadline", "on": on]
    case .clearCompleted: return ["type": "clearCompleted"]
    case .confirmClear: return ["type": "confirmClear"]
    case .cancelClear: return ["type": "cancelClear"]
    case .onAppear, .onDisappear, .loaded, .listCreated, .trashed, .failed, .storeReachable,
      .editor:
      return nil
    }
  }

  private static func edit(_ type: String, _ edit: LivePage.EditFields) -> [String: Any] {
    [
      "type": type, "title": edit.title, "notes": edit.notes, "deadline": edit.deadline,
      "status": edit.status.rawValue, "section": edit.section,
    ]
  }

  /// A move names its anchor; the page's moves are always next to another row.
  private static func move(_ type: String, _ id: UUID, _ position: MovePosition)
    -> [String: Any]?
  {
    switch position {
    case .before(let anchor):
      return ["type": type, "id": id.uuidString, "before": anchor.uuidString]
    case .after(let anchor): return ["type": type, "id": id.uuidString, "after": anchor.uuidString]
    case .top, .bottom: return nil
    }
  }
}

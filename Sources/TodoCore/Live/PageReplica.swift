import Diffable
import Foundation

/// A client's copy of a live page, kept from the server's messages: what a client that is not
/// a browser (`todo tui --server URL`) shows.
///
/// The server runs the page's ``LivePage`` store and sends a ``LiveMessage/snapshot(revision:_:)``,
/// then a ``LiveChanges`` message per change. A replica applies each one exactly as the
/// browser's `list-model.js` does: every stage in order, deletes and move sources at their
/// positions before the stage, inserts and move targets after it, each operation checked
/// against the identifier it names. A message that does not fit (a lost message, a revision
/// out of order) makes ``apply(_:)`` throw ``PageReplicaError/desync(_:)``; the client then
/// sends ``LiveEvent/resync`` and the next snapshot starts it again.
///
/// ```swift
/// var replica = PageReplica()
/// for try await text in socket.messages {
///   switch try replica.apply(Data(text.utf8)) {
///   case .page: draw(replica.page)
///   case .error(_, let message): show(message)
///   }
/// }
/// ```
public struct PageReplica: Sendable {
  /// The page as the last applied message left it.
  public private(set) var page = PageSnapshot()
  /// The revision of ``page``; 0 before the first snapshot.
  public private(set) var revision = 0

  /// What a message did.
  public enum Update: Equatable, Sendable {
    /// ``PageReplica/page`` changed (a snapshot, or changes).
    case page
    /// The server could not read an event this client sent; the page is unchanged.
    case error(code: String, message: String)
  }

  /// Creates an empty replica, waiting for its first snapshot.
  public init() {}

  /// Applies one message from the server.
  ///
  /// - Throws: ``PageReplicaError/malformed(_:)`` for a message this client cannot read,
  ///   ``PageReplicaError/desync(_:)`` for changes that do not fit the page it has.
  public mutating func apply(_ json: Data) throws(PageReplicaError) -> Update {
    let message: LiveMessage
    do throws(LiveProtocolError) {
      message = try LiveMessage(json: json)
    } catch .unsupportedVersion(let version) {
      throw .malformed("the server speaks version \(version) of the live protocol")
    } catch {
      throw .malformed("the server's message could not be read: \(error)")
    }
    switch message {
    case .snapshot(let revision, let snapshot):
      page = try Self.page(
        snapshot.sections, cells: snapshot.cells, chrome: snapshot.chrome,
        counts: snapshot.counts)
      self.revision = revision
      return .page
    case .changes(let changes):
      guard self.revision > 0, changes.revision == self.revision + 1 else {
        throw .desync("changes to revision \(changes.revision) after revision \(self.revision)")
      }
      var sections = page.sections
      for stage in changes.stages { sections = try Self.apply(stage, to: sections) }
      var cells = page.cells
      for (id, cell) in changes.cells { cells[id] = cell }
      page = try Self.page(
        sections, cells: cells, chrome: changes.chrome ?? page.chrome,
        counts: changes.counts ?? page.counts)
      self.revision = changes.revision
      return .page
    case .error(let code, let message):
      return .error(code: code, message: message)
    }
  }

  /// One section as the replica keeps it between stages.
  private typealias Section = PageSnapshot.Section

  /// The page of `sections`, keeping only the cells of items it shows; `counts` when it holds
  /// only the list's first rows, one for each section, each at least the items it has.
  private static func page(
    _ sections: [Section], cells: [String: LiveCell], chrome: LiveChrome, counts: [Int]?
  ) throws(PageReplicaError) -> PageSnapshot {
    if let counts {
      guard counts.count == sections.count,
        zip(counts, sections).allSatisfy({ $0 >= $1.items.count })
      else { throw .desync("the counts do not fit the sections") }
    }
    var shown: [String: LiveCell] = [:]
    for id in sections.lazy.flatMap(\.items) {
      guard let cell = cells[id] else { throw .desync("no cell for \(id)") }
      shown[id] = cell
    }
    do {
      return try PageSnapshot(sections: sections, cells: shown, chrome: chrome, counts: counts)
    } catch {
      throw .desync("the page's sections do not fit: \(error)")
    }
  }

  /// Applies one stage (`list-model.js`'s `applyStage`).
  private static func apply(_ stage: LiveChanges.Stage, to model: [Section])
    throws(PageReplicaError)
    -> [Section]
  {
    // 1. Remove deleted items and move sources (positions before the stage).
    var removal: [Int: Set<Int>] = [:]
    func remove(_ section: Int, _ element: Int, _ id: String) throws(PageReplicaError) {
      guard model.indices.contains(section), model[section].items.indices.contains(element),
        model[section].items[element] == id
      else { throw .desync("no \(id) at \(section).\(element)") }
      removal[section, default: []].insert(element)
    }
    for item in stage.itemDeleted { try remove(item.section, item.element, item.id) }
    for move in stage.itemMoved {
      guard move.from.count == 2 else { throw .malformed("a move's position is two numbers") }
      try remove(move.from[0], move.from[1], move.id)
    }
    var sections = model.enumerated().map { index, section -> Section in
      guard let gone = removal[index] else { return section }
      var kept = section
      kept.items = section.items.enumerated().filter { !gone.contains($0.offset) }.map(\.element)
      return kept
    }

    // 2. Sections: deletes and move sources out, inserts and move targets in.
    let deletedSections = stage.sectionDeleted
    let insertedSections = stage.sectionInserted
    let movedSections = stage.sectionMoved
    if !deletedSections.isEmpty || !insertedSections.isEmpty || !movedSections.isEmpty {
      let gone = Set(deletedSections + movedSections.map(\.source))
      guard gone.allSatisfy(sections.indices.contains) else { throw .desync("no such section") }
      let remaining = sections.enumerated().filter { !gone.contains($0.offset) }.map(\.element)
      let count = sections.count - deletedSections.count + insertedSections.count
      guard count >= 0 else { throw .desync("section counts differ") }
      var out = [Section?](repeating: nil, count: count)
      for inserted in insertedSections {
        guard out.indices.contains(inserted.index) else { throw .desync("bad section index") }
        out[inserted.index] = Section(
          id: inserted.id, header: inserted.header, items: inserted.items ?? [])
      }
      for moved in movedSections {
        guard out.indices.contains(moved.target) else { throw .desync("bad section index") }
        out[moved.target] = sections[moved.source]
      }
      var next = 0
      for index in out.indices where out[index] == nil {
        guard next < remaining.count else { throw .desync("section counts differ") }
        out[index] = remaining[next]
        next += 1
      }
      guard next == remaining.count else { throw .desync("section counts differ") }
      sections = out.compactMap { $0 }
    }
    for updated in stage.sectionUpdated {
      guard sections.indices.contains(updated.index), sections[updated.index].id == updated.id
      else { throw .desync("no section \(updated.id)") }
      sections[updated.index].header = updated.header
    }

    // 3. Insert items and move targets (positions after the stage).
    var additions: [Int: [(Int, String)]] = [:]
    for item in stage.itemInserted {
      additions[item.section, default: []].append((item.element, item.id))
    }
    for move in stage.itemMoved {
      guard move.to.count == 2 else { throw .malformed("a move's position is two numbers") }
      additions[move.to[0], default: []].append((move.to[1], move.id))
    }
    for (index, adds) in additions {
      guard sections.indices.contains(index) else { throw .desync("no section \(index)") }
      let items = sections[index].items
      var out = [String?](repeating: nil, count: items.count + adds.count)
      for (element, id) in adds {
        guard out.indices.contains(element), out[element] == nil else {
          throw .desync("bad target \(index).\(element)")
        }
        out[element] = id
      }
      var next = 0
      for position in out.indices where out[position] == nil {
        out[position] = items[next]
        next += 1
      }
      sections[index].items = out.compactMap { $0 }
    }

    // 4. Updates name items at their (unchanged) positions.
    for item in stage.itemUpdated {
      guard sections.indices.contains(item.section),
        sections[item.section].items.indices.contains(item.element),
        sections[item.section].items[item.element] == item.id
      else { throw .desync("no \(item.id) to update") }
    }
    return sections
  }
}

/// Why a ``PageReplica`` could not apply a message.
public enum PageReplicaError: Error, Equatable, Sendable {
  /// The message is not one of the live protocol's, or not in its version.
  case malformed(String)
  /// The changes do not fit the page the replica has: ask for a snapshot.
  case desync(String)
}

import Foundation
import Persistence

// MARK: - Saved filters

extension TodoService {
  /// The principal's saved filters, in their order.
  public func savedFilters() async throws -> [SavedFilter] {
    try await read { tx in try self.ownFilters(in: tx) }
  }

  /// Saves a filter under a name, after the person's other filters.
  ///
  /// - Throws: `TodoError.validation` on `name` (empty, too long, or the name of another of
  ///   the person's filters) or on `filter` (text that is no filter, with where and what was
  ///   expected), `TodoError.invalidText` for a control character.
  @discardableResult
  public func createSavedFilter(named name: String, query: String) async throws -> SavedFilter {
    let name = try TodoValidation.filterName(name)
    _ = try TodoQuery(parsing: query)
    return try await write { tx in
      try self.checkUnique(filterName: name, except: nil, in: tx)
      let date = self.now()
      return try tx.insert(
        SavedFilter(
          id: UUID(),
          name: name, query: query, order: try OrderKey.between(nil, nil),
          ownerID: self.principal?.accountID, createdAt: date, updatedAt: date),
        at: .bottom)
    }
  }

  /// Renames a saved filter, changes what it shows, or both.
  ///
  /// - Throws: `TodoError.notFound` for a filter that is not the principal's, and the errors
  ///   of ``createSavedFilter(named:query:)``.
  @discardableResult
  public func updateSavedFilter(id: UUID, name: String? = nil, query: String? = nil)
    async throws -> SavedFilter
  {
    let name = try name.map(TodoValidation.filterName)
    if let query { _ = try TodoQuery(parsing: query) }
    return try await write { tx in
      let stored = try self.ownFilter(id: id, in: tx)
      var filter = stored
      if let name {
        try self.checkUnique(filterName: name, except: id, in: tx)
        filter.name = name
      }
      if let query { filter.query = query }
      guard filter != stored else { return filter }
      filter.updatedAt = self.now()
      return try tx.update(filter)
    }
  }

  /// Deletes a saved filter (its todos stay as they are). The page asks first.
  ///
  /// - Throws: `TodoError.notFound` for a filter that is not the principal's.
  public func deleteSavedFilter(id: UUID) async throws {
    try await write { tx in try tx.delete(try self.ownFilter(id: id, in: tx)) }
  }

  /// The live todos a saved filter shows (``todos(filter:)``).
  ///
  /// - Throws: `TodoError.notFound` for a filter that is not the principal's.
  public func todos(savedFilter id: UUID) async throws -> [Todo] {
    let filter = try await read { tx in try self.ownFilter(id: id, in: tx) }
    return try await todos(filter: filter.query)
  }

  // MARK: - Helpers

  private func ownFilters(in tx: ReadTransaction) throws -> [SavedFilter] {
    try tx.fetch(ownFiltersRequest)
  }

  /// The principal's saved filters in their order (the local user's without one).
  var ownFiltersRequest: FetchRequest<SavedFilter> {
    let owner =
      principal.map { SavedFilter.ownerIDAttribute == $0.accountID }
      ?? SavedFilter.ownerIDAttribute.isNil
    return FetchRequest(filter: owner, sortedBy: [SavedFilter.orderAttribute.ascending])
  }

  /// The principal's filter with this identifier; another person's is not found, as one that
  /// does not exist.
  private func ownFilter(id: UUID, in tx: ReadTransaction) throws -> SavedFilter {
    guard let filter = try tx.object(SavedFilter.self, id: id),
      filter.ownerID == principal?.accountID
    else {
      throw TodoError.notFound(entity: "filter", id: id.uuidString)
    }
    return filter
  }

  private func checkUnique(filterName name: String, except id: UUID?, in tx: ReadTransaction)
    throws
  {
    let taken = try ownFilters(in: tx).contains {
      $0.id != id && $0.name.lowercased() == name.lowercased()
    }
    if taken {
      throw TodoError.validation(field: "name", message: "a filter named \(name) exists already")
    }
  }
}

import Foundation
import TodoCore

/// `/api/v1/filters`: the caller's saved filters (list, create, rename or change, delete) and
/// the todos one shows.
extension TodoAPI {
  func listFilters(_ input: Operations.ListFilters.Input) async throws
    -> Operations.ListFilters.Output
  {
    .ok(.init(body: .json(try await service().savedFilters())))
  }

  func createFilter(_ input: Operations.CreateFilter.Input) async throws
    -> Operations.CreateFilter.Output
  {
    let body =
      switch input.body {
      case .json(let body): body
      }
    let filter = try await service().createSavedFilter(named: body.name, query: body.query)
    let location = state.origins.url("/api/v1/filters/\(filter.id.uuidString)")
    return .created(.init(headers: .init(location: location), body: .json(filter)))
  }

  func updateFilter(_ input: Operations.UpdateFilter.Input) async throws
    -> Operations.UpdateFilter.Output
  {
    let id = try identifier(input.path.filterID, of: "filter")
    let body =
      switch input.body {
      case .json(let body): body
      }
    let filter = try await service().updateSavedFilter(id: id, name: body.name, query: body.query)
    return .ok(.init(body: .json(filter)))
  }

  func deleteFilter(_ input: Operations.DeleteFilter.Input) async throws
    -> Operations.DeleteFilter.Output
  {
    try await service().deleteSavedFilter(id: try identifier(input.path.filterID, of: "filter"))
    return .noContent(.init())
  }

  func savedFilterTodos(_ input: Operations.SavedFilterTodos.Input) async throws
    -> Operations.SavedFilterTodos.Output
  {
    let id = try identifier(input.path.filterID, of: "filter")
    return .ok(.init(body: .json(try await service().todos(savedFilter: id))))
  }
}

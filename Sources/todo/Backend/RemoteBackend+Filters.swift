import Foundation
import TodoCore

/// Saved filters through the server's `/api/v1/filters`.
extension RemoteBackend {
  func savedFilters() async throws -> [SavedFilter] {
    try await call { try await $0.listFilters().ok.body.json }
  }

  func createSavedFilter(named name: String, query: String) async throws -> SavedFilter {
    try await call {
      try await $0.createFilter(body: .json(.init(name: name, query: query))).created.body.json
    }
  }

  func updateSavedFilter(id: UUID, name: String?, query: String?) async throws -> SavedFilter {
    try await call {
      try await $0.updateFilter(
        path: .init(filterID: id.uuidString), body: .json(.init(name: name, query: query))
      ).ok.body.json
    }
  }

  func deleteSavedFilter(id: UUID) async throws {
    _ = try await call {
      try await $0.deleteFilter(path: .init(filterID: id.uuidString)).noContent
    }
  }

  func todos(savedFilter id: UUID) async throws -> [TodoItem] {
    try await call {
      try await $0.savedFilterTodos(path: .init(filterID: id.uuidString)).ok.body.json
    }
  }
}

import Foundation
import TodoCore

/// `/api/v1/tags`: the tags across the caller's lists with their open counts, and renaming (or
/// merging) one everywhere at once.
extension TodoAPI {
  func listTags(_ input: Operations.ListTags.Input) async throws -> Operations.ListTags.Output {
    let tags = try await service().tags().map {
      Components.Schemas.TagCount(name: $0.name, open: $0.open)
    }
    return .ok(.init(body: .json(tags)))
  }

  func renameTag(_ input: Operations.RenameTag.Input) async throws -> Operations.RenameTag.Output {
    let body =
      switch input.body {
      case .json(let body): body
      }
    let changed = try await service().renameTag(input.path.tag, to: body.name)
    let name = try TodoValidation.tags([body.name]).first ?? body.name
    return .ok(.init(body: .json(.init(name: name, changed: changed))))
  }
}

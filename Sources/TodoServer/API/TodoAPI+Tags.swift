import Foundation
import TodoCore

/// `/api/v1/tags`: the tags across the caller's lists with their open counts and the colours
/// the caller gave them, and renaming (or merging) one everywhere at once, with its colour.
extension TodoAPI {
  func listTags(_ input: Operations.ListTags.Input) async throws -> Operations.ListTags.Output {
    let service = try service()
    let colors = try await service.tagColors()
    let tags = try await service.tags().map {
      Components.Schemas.TagCount(
        name: $0.name, open: $0.open,
        color: colors[$0.name.lowercased()].flatMap {
          Components.Schemas.TagCount.ColorPayload(rawValue: $0.rawValue)
        })
    }
    return .ok(.init(body: .json(tags)))
  }

  func renameTag(_ input: Operations.RenameTag.Input) async throws -> Operations.RenameTag.Output {
    let body =
      switch input.body {
      case .json(let body): body
      }
    let service = try service()
    let changed: Int
    if let color = body.color {
      // The colour too, in the rename's transaction; `none` takes it away.
      changed = try await service.editTag(
        input.path.tag, renamingTo: body.name, color: TagColor(rawValue: color.rawValue))
    } else {
      changed = try await service.renameTag(input.path.tag, to: body.name)
    }
    let name = try TodoValidation.tags([body.name]).first ?? body.name
    return .ok(.init(body: .json(.init(name: name, changed: changed))))
  }
}

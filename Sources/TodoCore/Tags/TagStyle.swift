import Foundation
import Persistence

/// The colours a tag can have: a small palette that reads in the light and the dark theme
/// alike (the page draws each with its own shade per theme).
public enum TagColor: String, Codable, Sendable, CaseIterable, AttributeValue {
  case red, orange, yellow, green, teal, blue, purple, pink, grey
}

/// The colour a person gave a tag, shown on its chips and beside it in the sidebar.
///
/// Each person colours tags for themselves (a tag on a shared list may have another colour
/// for the list's other members); on a server without accounts they belong to the one local
/// user.
@Entity("tag_style")
public struct TagStyle: Hashable {
  /// The identifier.
  public var id: UUID
  /// The account it belongs to; `nil` on a server without accounts.
  public var ownerID: UUID?
  /// The tag, lowercased: tags are the same tag whatever their case.
  public var name: String
  /// Its colour.
  public var color: TagColor
}

extension TagStyle {
  public static let migrations: [Migration] = [
    Migration(
      "create",
      [
        .createTable(["ownerID", "name", "color"]),
        .createIndex("tag_style_owner", on: ["ownerID", "name"]),
      ])
  ]
}

import Foundation

/// One value of an observed fetch request: the objects, their sections, and (once Diffable
/// snapshots are attached) the snapshot and the changeset from the previous value.
public struct FetchedResults<Root: Entity>: Sendable {
  /// The objects, in the request's order.
  public let objects: [Root]
  /// The objects grouped by the request's section key (one section with key `.null` when the
  /// request has none).
  public let sections: [FetchedSection<Root>]
  /// The identifiers of objects whose content changed since the previous value.
  public let updatedIDs: Set<UUID>
}

/// The objects of one section of a fetched result.
public struct FetchedSection<Root: Entity>: Sendable {
  /// The section key's value shared by the objects.
  public let key: StoredValue
  /// The objects, in the request's order.
  public let objects: [Root]
}

extension FetchedResults {
  /// Groups sorted objects into sections of equal section-key values.
  ///
  /// - Complexity: O(n).
  static func sections(
    of objects: [Root], by key: AnyAttribute<Root>?
  ) -> [FetchedSection<Root>] {
    guard let key else { return [FetchedSection(key: .null, objects: objects)] }
    var sections: [FetchedSection<Root>] = []
    var start = 0
    var current: StoredValue? = nil
    for (index, object) in objects.enumerated() {
      let value = key.read(object)
      if let current, current != value {
        sections.append(FetchedSection(key: current, objects: Array(objects[start..<index])))
        start = index
      }
      current = value
    }
    if let current {
      sections.append(FetchedSection(key: current, objects: Array(objects[start...])))
    }
    return sections
  }
}

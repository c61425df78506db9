import Foundation

/// The current result of one observed request, kept sorted and updated in place by commits.
///
/// This is what makes in-process observation incremental, like `NSFetchedResultsController`:
/// a commit's objects are matched against the request's filter in memory and moved to their
/// sorted position by binary search, with no query.
struct ResultsState<Root: Entity>: Sendable {
  let request: FetchRequest<Root>
  let sort: [SortKey<Root>]
  private(set) var objects: [Root] = []
  /// The objects' identifiers, kept in step with `objects`: searching and snapshotting a
  /// concrete `[UUID]` is much cheaper than reading identifiers through generic code.
  private(set) var ids: [UUID] = []
  private(set) var versions: [UUID: Version] = [:]
  /// The last in-process commit reflected.
  var sequence = ChangeSequence.zero

  init(request: FetchRequest<Root>) {
    self.request = request
    self.sort = request.effectiveSort
  }

  /// Whether commits can be applied without a query (paged requests are refetched).
  var isIncremental: Bool { request.limit == nil && request.offset == 0 }

  /// Replaces the result by a fetched one.
  ///
  /// - Returns: The identifiers whose content changed, or `nil` if the result is unchanged.
  mutating func replace(with fetched: [Stored<Root>]) -> Set<UUID>? {
    let old = Dictionary(objects.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    let values = fetched.map { $0.value }
    var newVersions: [UUID: Version] = [:]
    newVersions.reserveCapacity(fetched.count)
    for object in fetched {
      if let version = object.version { newVersions[object.value.id] = version }
    }
    versions = newVersions
    guard values != objects else { return nil }
    var updated: Set<UUID> = []
    for value in values {
      if let previous = old[value.id], previous != value { updated.insert(value.id) }
    }
    objects = values
    ids = values.map { $0.id }
    return updated
  }

  /// Applies one commit's changes to the entity.
  ///
  /// - Returns: What changed in the result, or `nil` if the result is unchanged.
  /// - Complexity: O(n) per changed object for n objects in the result.
  mutating func apply(_ changes: CommittedChanges<Root>) -> ResultChanges? {
    var result = ResultChanges()
    var touched = false
    for id in changes.deleted {
      if let index = ids.firstIndex(of: id) {
        objects.remove(at: index)
        ids.remove(at: index)
        versions[id] = nil
        result.removed.insert(id)
        touched = true
      }
    }
    for batch in [changes.inserted, changes.updated] {
      for stored in batch {
        let object = stored.value
        if let index = ids.firstIndex(of: object.id) {
          if let known = versions[object.id], let version = stored.version, version <= known {
            continue
          }
          versions[object.id] = stored.version
          if objects[index] == object { continue }
          touched = true
          if request.matches(object), staysSorted(object, at: index),
            staysInSection(object, replacing: objects[index])
          {
            // The common edit (a title, a status) keeps its place: no shifting of the array.
            objects[index] = object
            result.updated.insert(object.id)
            continue
          }
          objects.remove(at: index)
          ids.remove(at: index)
          if request.matches(object) {
            insertSorted(object)
            result.repositioned.insert(object.id)
            result.updated.insert(object.id)
          } else {
            versions[object.id] = nil
            result.removed.insert(object.id)
          }
        } else if request.matches(object) {
          versions[object.id] = stored.version
          insertSorted(object)
          result.inserted.insert(object.id)
          touched = true
        }
      }
    }
    return touched ? result : nil
  }

  /// Whether `object` belongs at `index`, between the neighbours of the object it replaces.
  private func staysSorted(_ object: Root, at index: Int) -> Bool {
    if index > 0, sort.order(objects[index - 1], object) >= 0 { return false }
    if index + 1 < objects.count, sort.order(object, objects[index + 1]) >= 0 { return false }
    return true
  }

  /// Whether `object` has the section key value of the object it replaces: at a boundary
  /// between sections an object can change section and keep its index in the order, which
  /// is a move from one section to the other.
  private func staysInSection(_ object: Root, replacing old: Root) -> Bool {
    guard let key = request.sectionKey else { return true }
    return key.read(object) == key.read(old)
  }

  private mutating func insertSorted(_ object: Root) {
    var low = 0
    var high = objects.count
    while low < high {
      let middle = (low + high) / 2
      if sort.order(objects[middle], object) < 0 {
        low = middle + 1
      } else {
        high = middle
      }
    }
    objects.insert(object, at: low)
    ids.insert(object.id, at: low)
  }
}

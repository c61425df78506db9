import Foundation
import Persistence

/// A tag and how many of the principal's open todos have it.
public struct TagCount: Hashable, Sendable, Codable {
  /// The tag, spelt as on the first todo that has it (in list order).
  public var name: String
  /// How many open (not done) live todos have it.
  public var open: Int

  /// Creates a count.
  public init(name: String, open: Int) {
    self.name = name
    self.open = open
  }
}

extension TodoService {
  /// The tags of the live todos of every live list the principal can read, by name (compared
  /// without case), each with its count of open todos; tags only on done todos count 0.
  ///
  /// - Complexity: One query; O(n · t) for n live todos of t tags each.
  public func tags() async throws -> [TagCount] {
    let (lists, todos) = try await read { tx in
      let lists = try self.visibleLists(in: tx)
      let todos = try tx.fetch(
        FetchRequest(
          filter: Todo.deletedAtAttribute.isNil && Todo.listIDAttribute.isIn(lists.map(\.id))
            && Todo.tagsAttribute != nil,
          sortedBy: [Todo.orderAttribute.ascending]))
      return (lists, todos)
    }
    return Self.tagCounts(of: Self.inListOrder(todos, lists: lists))
  }

  /// The tags of `todos` with their open counts, sorted by name without case.
  ///
  /// Every page's digest counts them for every list at each commit, so the todos are read in
  /// place (not copied out of the array) and each distinct set of tags is counted once, its
  /// names then looked up once: most todos of a list share a few sets.
  static func tagCounts(of todos: [Todo]) -> [TagCount] {
    var sets: [TagList: (first: Int, open: Int)] = [:]
    for index in todos.indices {
      guard let tags = todos[index].tags else { continue }
      let open = todos[index].status == .done ? 0 : 1
      sets[tags, default: (index, 0)].open += open
    }
    // The sets in the order of their first todo, so that a tag is spelt as on the first
    // todo that has it.
    var counts: [String: TagCount] = [:]
    for (tags, count) in sets.sorted(by: { $0.value.first < $1.value.first }) {
      for name in tags.names {
        counts[name.lowercased(), default: TagCount(name: name, open: 0)].open += count.open
      }
    }
    return sortedByName(counts.values)
  }

  /// The tag counts of several lists (each as ``tagCounts(of:)`` gives them, the lists in
  /// sidebar order) as one: a tag spelt as in the first list that has it.
  static func tagCounts(merging lists: [[TagCount]]) -> [TagCount] {
    // One list with tags (a person's own, mostly): its counts are already sorted.
    if lists.count == 1 { return lists[0] }
    var counts: [String: TagCount] = [:]
    for list in lists {
      for count in list {
        counts[count.name.lowercased(), default: TagCount(name: count.name, open: 0)].open +=
          count.open
      }
    }
    return sortedByName(counts.values)
  }

  /// `counts` by name without case (then as spelt).
  private static func sortedByName(_ counts: some Collection<TagCount>) -> [TagCount] {
    counts.sorted {
      $0.name.lowercased() == $1.name.lowercased()
        ? $0.name < $1.name : $0.name.lowercased() < $1.name.lowercased()
    }
  }

  /// Renames the tag `name` to `newName` on every live todo of the lists the principal may
  /// edit, in one transaction: a todo that already has `newName` keeps it once, so renaming
  /// onto an existing tag merges the two. Trashed todos change too (restored, they carry the
  /// new name); a list shared with the principal to read only is left as it is.
  ///
  /// - Returns: How many todos changed.
  /// - Throws: `TodoError.validation(field: "tags", …)` for a new name that is no tag,
  ///   `TodoError.notFound` when no todo the principal can edit has the tag.
  public func renameTag(_ name: String, to newName: String) async throws -> Int {
    let (old, new) = try Self.tagNames(name, newName)
    return try await write { tx in try self.renameTag(old, to: new, in: tx) }
  }

  /// Renames (or merges) a tag as ``renameTag(_:to:)`` does, and gives it a colour or takes
  /// its colour away for the principal, in one transaction: the page's tag form.
  ///
  /// - Returns: How many todos changed (none when the name stays).
  /// - Throws: As ``renameTag(_:to:)``.
  @discardableResult
  public func editTag(_ name: String, renamingTo newName: String, color: TagColor?)
    async throws -> Int
  {
    let (old, new) = try Self.tagNames(name, newName)
    return try await write { tx in
      let changed = old == new ? 0 : try self.renameTag(old, to: new, in: tx)
      try self.setTagColor(new.lowercased(), color, in: tx)
      return changed
    }
  }

  /// A tag and its new name, each as a tag is written.
  private static func tagNames(_ name: String, _ newName: String) throws -> (String, String) {
    guard let old = try TodoValidation.tags([name]).first,
      let new = try TodoValidation.tags([newName]).first
    else { throw TodoError.validation(field: "tags", message: "a tag cannot be empty") }
    return (old, new)
  }

  /// Renames `old` to `new` on every todo the principal may edit, in a write.
  private func renameTag(_ old: String, to new: String, in tx: WriteTransaction) throws -> Int {
    let lists = try self.visibleLists(in: tx).filter {
      try self.access(to: $0, in: tx) ?? .read >= .edit
    }
    let tagged = try tx.fetch(
      FetchRequest(
        filter: Todo.listIDAttribute.isIn(lists.map(\.id)) && Todo.tagged(old)))
    guard !tagged.isEmpty else { throw TodoError.notFound(entity: "tag", id: old) }
    let date = self.now()
    var changed = 0
    for stored in tagged {
      var names: [String] = []
      for tag in stored.tagNames {
        let renamed = tag.caseInsensitiveCompare(old) == .orderedSame ? new : tag
        if !names.contains(where: { $0.caseInsensitiveCompare(renamed) == .orderedSame }) {
          names.append(renamed)
        }
      }
      guard names != stored.tagNames else { continue }
      let todo = try stored.applying(TodoPatch(tags: names), at: date)
      _ = try self.write(todo, from: stored, at: date, in: tx)
      changed += 1
    }
    try self.moveTagColor(from: old, to: new, in: tx)
    return changed
  }
}

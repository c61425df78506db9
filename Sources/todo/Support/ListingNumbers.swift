import Foundation

/// The short numbers of the last listing (`ls`, `search`, `trash`), Taskwarrior style:
/// number `n` names the `n`-th todo that listing showed.
///
/// They are kept in a small JSON file per store (next to the database, or per server URL in
/// the XDG state directory), replaced atomically by every listing.
struct ListingNumbers: Codable, Equatable {
  /// The command that printed the listing (`ls`, `search`, `trash`).
  var source: String
  /// The todos shown, in order: number 1 is `ids[0]`.
  var ids: [UUID]

  /// The numbers saved in `file`, or `nil` when no listing was saved yet.
  ///
  /// - Throws: `CLIError.unavailable` when the file exists but cannot be read.
  static func load(from file: URL) throws -> ListingNumbers? {
    guard FileManager.default.fileExists(atPath: file.path) else { return nil }
    do {
      return try JSONDecoder().decode(ListingNumbers.self, from: Data(contentsOf: file))
    } catch {
      throw CLIError.unavailable(
        "cannot read the numbers of the last listing in \(file.path): \(error); run `todo ls`")
    }
  }

  /// Saves the numbers atomically (write to a temporary file, then rename).
  ///
  /// - Throws: `CLIError.unavailable` when the file cannot be written.
  func save(to file: URL) throws {
    do {
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      try encoder.encode(self).write(to: file, options: .atomic)
    } catch {
      throw CLIError.unavailable("cannot save the listing numbers to \(file.path): \(error)")
    }
  }

  /// The identifier shown as `number`.
  ///
  /// - Throws: `CLIError.notFound` when the last listing did not show this number.
  func id(for number: Int) throws -> UUID {
    guard number >= 1, number <= ids.count else {
      let range = ids.isEmpty ? "it showed nothing" : "it showed 1 to \(ids.count)"
      throw CLIError.notFound(
        "no todo number \(number) in the last listing (`todo \(source)`: \(range))")
    }
    return ids[number - 1]
  }
}

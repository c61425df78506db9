import Foundation
import Persistence

/// What the page's search field reads: words to find in a todo's title or notes, and `#tag`
/// words that a todo must have (each, compared without case): `#work report` shows the todos
/// tagged work whose title or notes contain "report".
struct PageSearchText: Sendable {
  /// The text to find, the tags left out; empty matches every todo.
  var text: String
  /// The tags a todo must have.
  var tags: [String]
  /// Their filters, built once for every todo the search looks at.
  private var tagFilters: [Filter<Todo>]

  /// Reads the search field's `text`.
  init(_ text: String) {
    var words: [Substring] = []
    var tags: [String] = []
    for word in text.split(whereSeparator: \.isWhitespace) {
      if word.count > 1, word.hasPrefix("#") {
        tags.append(String(word.dropFirst()))
      } else {
        words.append(word)
      }
    }
    // Without tags the text is searched as typed (spaces and all).
    self.text =
      tags.isEmpty
      ? text.trimmingCharacters(in: .whitespacesAndNewlines) : words.joined(separator: " ")
    self.tags = tags
    tagFilters = tags.map(Todo.tagged)
  }

  /// Whether `todo` has every tag and contains the text.
  func matches(_ todo: Todo) -> Bool {
    guard tagFilters.allSatisfy({ $0.matches(todo) }) else { return false }
    return text.isEmpty || todo.title.localizedCaseInsensitiveContains(text)
      || todo.notes.localizedCaseInsensitiveContains(text)
  }
}

import ICalendar

extension TodoCalendar {
  /// The tags a `VTODO`'s `CATEGORIES` values make: each value one tag, its white space and
  /// slashes turned into `-` and any `#` or control character left out (a tag is one word), cut at
  /// 60 characters; each once, compared without case; at most 30.
  static func tags(fromCategories categories: [String]) -> [String] {
    let names = categories.compactMap { value -> String? in
      let words = value.unicodeScalars.filter {
        $0 != "#" && $0.properties.generalCategory != .control
      }
      let tag = String(String.UnicodeScalarView(words))
        .split(whereSeparator: { $0.isWhitespace || $0 == "/" || $0 == "\\" })
        .joined(separator: "-")
      let cut = String(
        String.UnicodeScalarView(tag.unicodeScalars.prefix(TodoValidation.maximumTagLength)))
      return cut.isEmpty ? nil : cut
    }
    let unique = (try? TodoValidation.tags(names)) ?? []
    return Array(unique.prefix(TodoValidation.maximumTagCount))
  }

  /// The todo's `PRIORITY` and `CATEGORIES` in `properties` (what the todo keeps of its
  /// client's `VTODO`): a client's own lines stay while they still say the todo's priority and
  /// tags (its 2, 4 or 7, its spelling), and give way to the app's once they were changed
  /// here.
  static func keepPriorityAndTags(of todo: Todo, in properties: inout [ContentLine]) {
    properties.removeAll { line in
      line.hasName("PRIORITY") && Priority(iCalendar: line.integerValue ?? 0) != todo.priority
    }
    let categories = properties.filter { $0.hasName("CATEGORIES") }.flatMap(\.textListValue)
    if tags(fromCategories: categories) != todo.tagNames {
      properties.removeAll { $0.hasName("CATEGORIES") }
    }
  }

  /// Adds `PRIORITY` and `CATEGORIES` for the todo's priority and tags where the component
  /// has none.
  static func addPriorityAndTags(of todo: Todo, to component: inout TodoComponent) {
    if let priority = todo.priority, component.priority == nil {
      component.priority = priority.iCalendarValue
    }
    if !todo.tagNames.isEmpty, component.categories.isEmpty {
      component.categories = todo.tagNames
    }
  }
}

import Persistence

extension Todo {
  /// The todo's tags' names (``tags``), `[]` for none. Set them through a ``TodoPatch`` or a
  /// ``NewTodo``, which validate them.
  public var tagNames: [String] {
    get { tags?.names ?? [] }
    set { tags = newValue.isEmpty ? nil : TagList(newValue) }
  }

  /// Whether the todo has the tag `name`, compared without case.
  public func hasTag(_ name: String) -> Bool {
    Self.tagged(name).matches(self)
  }

  /// The filter of the todos with the tag `name` (compared without case): the same answer in
  /// the store's SQL and in memory.
  public static func tagged(_ name: String) -> Filter<Todo> {
    tagsAttribute.contains("#\(name)#")
  }
}

/// The `BackendTodoNew` and `BackendTodoPatch` schemas, the bodies of Todo-Backend's `POST`
/// and `PATCH`: any of `title`, `completed`, `order`; `null` is the same as leaving a field
/// out.
///
/// Hand-written because the generator cannot express nullable properties (see
/// docs/api.md); the generated code uses it by name.
package struct BackendTodoBody: Codable, Hashable, Sendable {
  /// The title.
  package var title: String?
  /// Whether the todo is done.
  package var completed: Bool?
  /// The client's order.
  package var order: Int?
}

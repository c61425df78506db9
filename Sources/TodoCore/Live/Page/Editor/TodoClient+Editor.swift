import Composable
import Foundation

extension TodoClient {
  /// Runs work of a todo's edit sheet on the todo store; a failure becomes the sheet's
  /// problem (``EditorProblem``), which the person reads beside the draft.
  func edit(
    _ body: @escaping @Sendable (TodoClient, Send<TodoEditorAction>) async throws -> Void
  ) -> Effect<TodoEditorAction> {
    .run { [self] send in
      try await body(self, send)
    } catch: { error, send in
      send(.failed(EditorProblem(error)))
    }
  }

  /// Changes the reminders of todo `id` at once (not with Save), then shows them again as
  /// stored.
  func changeReminders(
    of id: UUID, _ change: @escaping @Sendable (TodoClient) async throws -> Void
  ) -> Effect<TodoEditorAction> {
    edit { todos, send in
      try await change(todos)
      send(.reminders(try await todos.reminders(id)))
    }
  }
}

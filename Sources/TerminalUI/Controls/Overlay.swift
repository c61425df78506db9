/// A modal box the renderer draws over the middle of the list: a ``Dialog`` or a ``Form``.
/// The list stays under it; rows the box covers are drawn again when it goes (see
/// ``ListRenderer/present(_:)``).
public enum Overlay: Hashable, Sendable {
  /// An alert, a confirmation or the help screen.
  case dialog(Dialog)
  /// A form such as the edit form.
  case form(Form)

  /// The box's lines, at most `maxWidth` columns wide.
  func lines(maxWidth: Int) -> [StyledLine] {
    switch self {
    case .dialog(let dialog): dialog.lines(maxWidth: maxWidth)
    case .form(let form): form.lines(maxWidth: maxWidth)
    }
  }
}

/// A view of a `VTODO` component with typed access to the fields a todo app needs, keeping
/// everything else exactly as the client wrote it.
///
/// The view reads and writes the underlying ``component`` directly: a getter reads the
/// first property of its name, and a setter changes that property in place (keeping its
/// position and its other parameters), appends one when there was none, or removes it when
/// set to `nil`. A setter given the value the property already has changes nothing, so an
/// unchanged field is written back byte for byte. ``otherProperties`` (such as `RRULE`,
/// `X-MOZ-GENERATION`, `CLASS`) and ``otherComponents`` (such as `VALARM`) are never touched by
/// the typed setters.
///
/// ```swift
/// let calendar = try Component.parse(body)[0]
/// var todo = TodoComponent.todos(in: calendar)[0]
/// todo.status = .completed
/// todo.completed = .dateTime(day, time, .utc)
/// todo.percentComplete = 100
/// let text = todo.calendar(productID: "-//Example//Todo//EN", from: calendar).description
/// ```
///
/// A field whose property holds text that cannot be read as its type (say `PRIORITY:high`)
/// reads as `nil`, and the property stays as it is until the field is set.
public struct TodoComponent: Hashable, Sendable {
  /// The `VTODO` component this view reads and edits.
  public var component: Component

  /// The names of the properties this view models; every other property is in
  /// ``otherProperties``.
  public static let modelledPropertyNames: Set<String> = [
    "UID", "SUMMARY", "DESCRIPTION", "DUE", "DTSTART", "COMPLETED", "STATUS",
    "PERCENT-COMPLETE", "PRIORITY", "CATEGORIES", "RELATED-TO", "X-APPLE-SORT-ORDER",
    "CREATED", "LAST-MODIFIED", "DTSTAMP", "SEQUENCE",
  ]

  /// Views a component as a todo, or returns `nil` when it is not a `VTODO`.
  ///
  /// - Parameter component: A `VTODO` component.
  public init?(_ component: Component) {
    guard component.hasName("VTODO") else { return nil }
    self.component = component
  }

  /// Creates an empty `VTODO` with a `UID`.
  ///
  /// - Parameter uid: The todo's unique identifier.
  public init(uid: String) {
    component = Component(name: "VTODO", properties: [ContentLine(name: "UID", text: uid)])
  }

  /// The todos directly inside a `VCALENDAR`, in order.
  ///
  /// - Parameter calendar: A `VCALENDAR` component.
  public static func todos(in calendar: Component) -> [TodoComponent] {
    calendar.components.compactMap(TodoComponent.init)
  }

  /// Whether `line` is one of the properties this view models.
  ///
  /// - Parameter line: A property of a `VTODO`.
  public static func isModelled(_ line: ContentLine) -> Bool {
    modelledPropertyNames.contains(line.name.uppercased())
  }

  /// The properties this view does not model, in order. Setting them replaces the
  /// unmodelled properties in their positions, appending any extra ones.
  public var otherProperties: [ContentLine] {
    get { component.properties.filter { !Self.isModelled($0) } }
    set {
      var replacements = newValue.makeIterator()
      var properties: [ContentLine] = []
      for property in component.properties {
        if Self.isModelled(property) {
          properties.append(property)
        } else if let replacement = replacements.next() {
          properties.append(replacement)
        }
      }
      while let replacement = replacements.next() {
        properties.append(replacement)
      }
      component.properties = properties
    }
  }

  /// The subcomponents, such as `VALARM`, in order. This view models none of them.
  public var otherComponents: [Component] {
    get { component.components }
    set { component.components = newValue }
  }
}

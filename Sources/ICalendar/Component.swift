/// An iCalendar component: `VCALENDAR`, `VTODO`, `VTIMEZONE`, `VALARM`, `VEVENT` or any other
/// `BEGIN:`…`END:` block, with its properties and subcomponents in order.
///
/// A component keeps everything it was read with, including properties and components this
/// module knows nothing about, so writing it back loses nothing a client wrote.
///
/// ```swift
/// let calendars = try Component.parse(body)         // usually one VCALENDAR
/// let todos = calendars[0].components(named: "VTODO")
/// let text = Component.serialize(calendars)         // CRLF, folded at 75 octets
/// ```
///
/// Parsing then writing then parsing gives an equal tree, and text that is already canonical
/// (CRLF line ends, lines folded at 75 octets as ``LineFolding`` does, properties before
/// subcomponents) is written back byte for byte.
public struct Component: Hashable, Sendable, CustomStringConvertible {
  /// The component name as written, such as `VTODO`.
  public var name: String
  /// The properties in the order they were written.
  public var properties: [ContentLine]
  /// The subcomponents in the order they were written.
  public var components: [Component]

  /// Creates a component.
  ///
  /// - Parameters:
  ///   - name: The component name, such as `VCALENDAR`.
  ///   - properties: Its properties, in order.
  ///   - components: Its subcomponents, in order.
  public init(name: String, properties: [ContentLine] = [], components: [Component] = []) {
    self.name = name
    self.properties = properties
    self.components = components
  }

  /// Whether this component's name is `name`, ignoring case.
  ///
  /// - Parameter name: The name to compare with, such as `"VTODO"`.
  public func hasName(_ name: String) -> Bool {
    self.name.equalsIgnoringASCIICase(name)
  }

  /// The properties called `name` (ignoring case), in order.
  ///
  /// - Parameter name: A property name, such as `"CATEGORIES"`.
  public func properties(named name: String) -> [ContentLine] {
    properties.filter { $0.hasName(name) }
  }

  /// The first property called `name` (ignoring case), if any.
  ///
  /// - Parameter name: A property name, such as `"UID"`.
  public func property(named name: String) -> ContentLine? {
    properties.first { $0.hasName(name) }
  }

  /// The direct subcomponents called `name` (ignoring case), in order.
  ///
  /// - Parameter name: A component name, such as `"VTIMEZONE"`.
  public func components(named name: String) -> [Component] {
    components.filter { $0.hasName(name) }
  }

  /// The component as iCalendar text: `BEGIN` line, properties, subcomponents, `END` line,
  /// with CRLF line ends and lines folded at 75 octets.
  public var description: String {
    var output = ""
    write(to: &output)
    return output
  }

  /// Appends the component's text to `output`.
  ///
  /// - Parameter output: The text to append to.
  public func write(to output: inout String) {
    output += ContentLine(name: "BEGIN", value: name).folded()
    for property in properties {
      output += property.folded()
    }
    for component in components {
      component.write(to: &output)
    }
    output += ContentLine(name: "END", value: name).folded()
  }

  /// Writes components one after another as an iCalendar stream.
  ///
  /// - Parameter components: Usually one or more `VCALENDAR` components.
  /// - Returns: Their text, with CRLF line ends and lines folded at 75 octets.
  public static func serialize(_ components: [Component]) -> String {
    var output = ""
    for component in components {
      component.write(to: &output)
    }
    return output
  }
}

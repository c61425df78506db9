extension TodoComponent {
  /// The `TZID` parameter values used anywhere in the todo, including its alarms, in the
  /// order they first appear.
  public var timeZoneIDs: [String] {
    var ids: [String] = []
    func collect(_ component: Component) {
      for property in component.properties {
        if let tzid = property.parameter(named: "TZID")?.value, !ids.contains(tzid) {
          ids.append(tzid)
        }
      }
      component.components.forEach(collect)
    }
    collect(component)
    return ids
  }

  /// A `VCALENDAR` holding only this todo, ready to be stored or served as a CalDAV
  /// resource.
  ///
  /// The calendar has `VERSION:2.0`, `PRODID` set to `productID`, the `CALSCALE` of `source`
  /// when it has one, and the `VTIMEZONE` components of `source` whose `TZID` the todo
  /// uses (``timeZoneIDs``), in their order in `source`, followed by the todo.
  ///
  /// - Parameters:
  ///   - productID: The `PRODID` text, such as `-//Example//Todo 1.0//EN`.
  ///   - source: The calendar the todo was read from, if any; its time zones and calendar
  ///     scale are kept.
  /// - Returns: The `VCALENDAR` component; its `description` is the text to write.
  public func calendar(productID: String, from source: Component? = nil) -> Component {
    var properties = [
      ContentLine(name: "VERSION", value: "2.0"),
      ContentLine(name: "PRODID", text: productID),
    ]
    if let scale = source?.property(named: "CALSCALE") {
      properties.append(scale)
    }
    let used = Set(timeZoneIDs)
    let timeZones = (source?.components(named: "VTIMEZONE") ?? []).filter { zone in
      zone.property(named: "TZID").map { used.contains($0.textValue) } ?? false
    }
    return Component(name: "VCALENDAR", properties: properties, components: timeZones + [component])
  }
}

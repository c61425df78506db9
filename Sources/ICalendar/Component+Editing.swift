extension Component {
  /// Sets the property `name` to `newValue`, touching the component as little as possible.
  ///
  /// When the first property called `name` already reads as `newValue`, nothing changes.
  /// Otherwise the first one is rewritten in place by `write` (keeping its position and the
  /// parameters `write` leaves alone) and any later duplicates are removed; with no such
  /// property a new one is appended. `nil` removes every property called `name`.
  mutating func setProperty<Value: Equatable>(
    _ name: String, to newValue: Value?,
    read: (ContentLine) -> Value?, write: (inout ContentLine, Value) -> Void
  ) {
    guard let newValue else {
      properties.removeAll { $0.hasName(name) }
      return
    }
    let indices = properties.indices.filter { properties[$0].hasName(name) }
    guard let first = indices.first else {
      var line = ContentLine(name: name, value: "")
      write(&line, newValue)
      properties.append(line)
      return
    }
    guard read(properties[first]) != newValue else { return }
    write(&properties[first], newValue)
    for index in indices.dropFirst().reversed() {
      properties.remove(at: index)
    }
  }

  /// Sets the properties called `name` to `newValues`, matching them up by position.
  ///
  /// A property that already reads as the value at its position is left alone, others are
  /// rewritten in place by `write`; extra old properties are removed and extra new values
  /// appended.
  mutating func setProperties<Value: Equatable>(
    _ name: String, to newValues: [Value],
    read: (ContentLine) -> Value, write: (inout ContentLine, Value) -> Void
  ) {
    let indices = properties.indices.filter { properties[$0].hasName(name) }
    for (index, newValue) in zip(indices, newValues) where read(properties[index]) != newValue {
      write(&properties[index], newValue)
    }
    for index in indices.dropFirst(newValues.count).reversed() {
      properties.remove(at: index)
    }
    for newValue in newValues.dropFirst(indices.count) {
      var line = ContentLine(name: name, value: "")
      write(&line, newValue)
      properties.append(line)
    }
  }
}

extension TodoComponent {
  /// `UID`: the todo's unique identifier, which the client chose.
  public var uid: String? {
    get { text("UID") }
    set { setText("UID", newValue) }
  }

  /// `SUMMARY`: the title.
  public var summary: String? {
    get { text("SUMMARY") }
    set { setText("SUMMARY", newValue) }
  }

  /// `DESCRIPTION`: the notes, with newlines.
  public var description: String? {
    get { text("DESCRIPTION") }
    set { setText("DESCRIPTION", newValue) }
  }

  /// `DUE`: when the todo is due, as a day or a time in its original form.
  public var due: DateOrDateTime? {
    get { dateOrDateTime("DUE") }
    set { setDateOrDateTime("DUE", newValue) }
  }

  /// `DTSTART`: when work on the todo starts.
  public var dtstart: DateOrDateTime? {
    get { dateOrDateTime("DTSTART") }
    set { setDateOrDateTime("DTSTART", newValue) }
  }

  /// `COMPLETED`: when the todo was done; RFC 5545 requires a UTC date-time.
  public var completed: DateOrDateTime? {
    get { dateOrDateTime("COMPLETED") }
    set { setDateOrDateTime("COMPLETED", newValue) }
  }

  /// `CREATED`: when the todo was first created, a UTC date-time.
  public var created: DateOrDateTime? {
    get { dateOrDateTime("CREATED") }
    set { setDateOrDateTime("CREATED", newValue) }
  }

  /// `LAST-MODIFIED`: when the todo was last changed, a UTC date-time.
  public var lastModified: DateOrDateTime? {
    get { dateOrDateTime("LAST-MODIFIED") }
    set { setDateOrDateTime("LAST-MODIFIED", newValue) }
  }

  /// `DTSTAMP`: when this copy of the todo was written, a UTC date-time.
  public var dtstamp: DateOrDateTime? {
    get { dateOrDateTime("DTSTAMP") }
    set { setDateOrDateTime("DTSTAMP", newValue) }
  }

  /// `STATUS`: needs action, in process, completed, cancelled or another value.
  public var status: VTodoStatus? {
    get { component.property(named: "STATUS").map { VTodoStatus($0.textValue) } }
    set {
      component.setProperty(
        "STATUS", to: newValue, read: { VTodoStatus($0.textValue) },
        write: { $0.setText($1.description) })
    }
  }

  /// `PERCENT-COMPLETE`: progress from 0 to 100.
  public var percentComplete: Int? {
    get { integer("PERCENT-COMPLETE") }
    set { setInteger("PERCENT-COMPLETE", newValue) }
  }

  /// `PRIORITY`: 1 (highest) to 9 (lowest); 0 means undefined.
  public var priority: Int? {
    get { integer("PRIORITY") }
    set { setInteger("PRIORITY", newValue) }
  }

  /// `SEQUENCE`: the revision number the organizer increments.
  public var sequence: Int? {
    get { integer("SEQUENCE") }
    set { setInteger("SEQUENCE", newValue) }
  }

  /// `X-APPLE-SORT-ORDER`: the manual order Apple Reminders and Tasks.org keep, smaller first.
  public var appleSortOrder: Int? {
    get { integer("X-APPLE-SORT-ORDER") }
    set { setInteger("X-APPLE-SORT-ORDER", newValue) }
  }

  /// `CATEGORIES`: the tags, from every `CATEGORIES` property in order.
  ///
  /// Setting different tags writes them all into the first `CATEGORIES` property (keeping its
  /// parameters) and removes the others; an empty list removes them all.
  public var categories: [String] {
    get { component.properties(named: "CATEGORIES").flatMap(\.textListValue) }
    set {
      guard newValue != categories else { return }
      component.setProperty(
        "CATEGORIES", to: newValue.isEmpty ? nil : newValue, read: { _ in nil },
        write: { $0.setTextList($1) })
    }
  }

  /// `RELATED-TO`: the todos this one is related to, such as its parent.
  ///
  /// Setting matches the properties up by position: unchanged ones stay as they are.
  public var relatedTo: [RelatedTo] {
    get { component.properties(named: "RELATED-TO").map(RelatedTo.init) }
    set {
      component.setProperties(
        "RELATED-TO", to: newValue, read: RelatedTo.init, write: { $1.write(to: &$0) })
    }
  }

  private func text(_ name: String) -> String? {
    component.property(named: name)?.textValue
  }

  private mutating func setText(_ name: String, _ text: String?) {
    component.setProperty(name, to: text, read: \.textValue, write: { $0.setText($1) })
  }

  private func integer(_ name: String) -> Int? {
    component.property(named: name)?.integerValue
  }

  private mutating func setInteger(_ name: String, _ integer: Int?) {
    component.setProperty(name, to: integer, read: \.integerValue, write: { $0.setInteger($1) })
  }

  private func dateOrDateTime(_ name: String) -> DateOrDateTime? {
    component.property(named: name)?.dateOrDateTimeValue
  }

  private mutating func setDateOrDateTime(_ name: String, _ value: DateOrDateTime?) {
    component.setProperty(
      name, to: value, read: \.dateOrDateTimeValue, write: { $0.setDateOrDateTime($1) })
  }
}

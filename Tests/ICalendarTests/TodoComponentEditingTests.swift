import ICalendar
import Testing

@Suite("Editing todo fields")
struct TodoComponentEditingTests {
  /// The text of the todo's component.
  func text(_ todo: TodoComponent) -> String {
    todo.component.description
  }

  @Test("setting a field to its current value changes no byte", arguments: Fixture.allCases)
  func noOpSetters(fixture: Fixture) throws {
    let original = try fixture.todo()
    var todo = original
    todo.uid = todo.uid
    todo.summary = todo.summary
    todo.description = todo.description
    todo.due = todo.due
    todo.dtstart = todo.dtstart
    todo.completed = todo.completed
    todo.created = todo.created
    todo.lastModified = todo.lastModified
    todo.dtstamp = todo.dtstamp
    todo.status = todo.status
    todo.percentComplete = todo.percentComplete
    todo.priority = todo.priority
    todo.sequence = todo.sequence
    todo.appleSortOrder = todo.appleSortOrder
    todo.categories = todo.categories
    todo.relatedTo = todo.relatedTo
    todo.otherProperties = todo.otherProperties
    todo.otherComponents = todo.otherComponents
    #expect(text(todo) == text(original))
  }

  @Test("unknown properties and components come back unchanged after edits")
  func unknownsSurvive() throws {
    let source = """
      BEGIN:VTODO\r
      UID:1\r
      SUMMARY:Old\r
      RRULE:FREQ=DAILY;COUNT=3\r
      X-FOO;X-PARAM=1:v\r
      DUE;VALUE=DATE:20261124\r
      X-BAR;X-Q="a:b":w\r
      BEGIN:VALARM\r
      ACTION:DISPLAY\r
      TRIGGER:-PT15M\r
      X-WR-ALARMUID:A1\r
      END:VALARM\r
      END:VTODO\r

      """
    var todo = try #require(TodoComponent(try Component.parse(source)[0]))
    let others = todo.otherProperties
    let alarms = todo.otherComponents
    todo.summary = "New, better"
    todo.due = try .make(2026, 11, 25, 10, 0, 0, .utc)
    todo.priority = 3
    todo.status = .completed
    #expect(todo.otherProperties == others)
    #expect(todo.otherComponents == alarms)
    #expect(
      text(todo) == """
        BEGIN:VTODO\r
        UID:1\r
        SUMMARY:New\\, better\r
        RRULE:FREQ=DAILY;COUNT=3\r
        X-FOO;X-PARAM=1:v\r
        DUE:20261125T100000Z\r
        X-BAR;X-Q="a:b":w\r
        PRIORITY:3\r
        STATUS:COMPLETED\r
        BEGIN:VALARM\r
        ACTION:DISPLAY\r
        TRIGGER:-PT15M\r
        X-WR-ALARMUID:A1\r
        END:VALARM\r
        END:VTODO\r

        """)
  }

  @Test(
    "DUE as DATE, floating, UTC and TZID is each written back exactly",
    arguments: [
      ("DUE;VALUE=DATE:20261124", true),
      ("DUE:20261124T093000", true),
      ("DUE:20261124T083000Z", true),
      ("DUE;TZID=Europe/Berlin:20261124T093000", true),
      (#"DUE;TZID="/mozilla.org/20050126_1/Europe/Berlin":20261124T093000"#, false),
      ("DUE;X-KEEP=1;TZID=America/New_York:20261124T093000", false),
    ])
  func dueForms(line: String, isCanonical: Bool) throws {
    let source = "BEGIN:VTODO\r\nUID:1\r\n\(line)\r\nSUMMARY:s\r\nEND:VTODO\r\n"
    var todo = try #require(TodoComponent(try Component.parse(source)[0]))
    let due = try #require(todo.due)
    #expect(due.text == String(line.split(separator: ":").last!))
    todo.due = due
    #expect(text(todo) == source)

    // Another time in the same form, then the original again: edited in place.
    guard case .dateTime(let day, _, let form) = due else {
      todo.due = try .make(2027, 1, 1)
      todo.due = due
      #expect(text(todo) == source)
      return
    }
    todo.due = .dateTime(day, try #require(TimeOfDay(hour: 23, minute: 59)), form)
    #expect(text(todo) != source)
    todo.due = due
    #expect(text(todo) == source)

    // A new todo writes the canonical form.
    var fresh = TodoComponent(uid: "1")
    fresh.due = due
    let written = try #require(fresh.component.property(named: "DUE"))
    #expect(written.dateOrDateTimeValue == due)
    if isCanonical { #expect(written.description == line) }
  }

  @Test("changing the form of DUE in place fixes VALUE and TZID and keeps other parameters")
  func changesDueForm() throws {
    let source = "BEGIN:VTODO\r\nDUE;X-A=1;VALUE=DATE;X-B=2:20261124\r\nUID:1\r\nEND:VTODO\r\n"
    var todo = try #require(TodoComponent(try Component.parse(source)[0]))
    todo.due = try .make(2026, 11, 24, 9, 0, 0, .zoned(tzid: "Europe/Berlin"))
    #expect(
      todo.component.properties[0].description
        == "DUE;X-A=1;X-B=2;TZID=Europe/Berlin:20261124T090000")
    todo.due = try .make(2026, 11, 24, 8, 0, 0, .utc)
    #expect(todo.component.properties[0].description == "DUE;X-A=1;X-B=2:20261124T080000Z")
    todo.due = try .make(2026, 11, 30)
    #expect(todo.component.properties[0].description == "DUE;X-A=1;X-B=2;VALUE=DATE:20261130")
  }

  @Test("new fields are appended; cleared ones removed; parameters of text kept")
  func appendsAndClears() throws {
    let source = "BEGIN:VTODO\r\nUID:1\r\nSUMMARY;LANGUAGE=de:Milch\r\nEND:VTODO\r\n"
    var todo = try #require(TodoComponent(try Component.parse(source)[0]))
    todo.summary = "Hafermilch"
    todo.percentComplete = 50
    todo.appleSortOrder = -7
    todo.completed = try .make(2026, 11, 24, 12, 0, 0, .utc)
    todo.categories = ["shopping", "a,b"]
    #expect(
      todo.component.properties.map(\.description) == [
        "UID:1", "SUMMARY;LANGUAGE=de:Hafermilch", "PERCENT-COMPLETE:50",
        "X-APPLE-SORT-ORDER:-7", "COMPLETED:20261124T120000Z", #"CATEGORIES:shopping,a\,b"#,
      ])
    todo.summary = nil
    todo.categories = []
    todo.percentComplete = nil
    #expect(
      todo.component.properties.map(\.description) == [
        "UID:1", "X-APPLE-SORT-ORDER:-7", "COMPLETED:20261124T120000Z",
      ])
  }

  @Test("several CATEGORIES lines merge into the first when tags change")
  func categories() throws {
    let source =
      "BEGIN:VTODO\r\nCATEGORIES;LANGUAGE=en:a,b\r\nUID:1\r\nCATEGORIES:c\r\nEND:VTODO\r\n"
    var todo = try #require(TodoComponent(try Component.parse(source)[0]))
    #expect(todo.categories == ["a", "b", "c"])
    todo.categories = ["a", "b", "c"]
    #expect(todo.component.properties.count == 3)
    todo.categories = ["a", "c"]
    #expect(
      todo.component.properties.map(\.description) == ["CATEGORIES;LANGUAGE=en:a,c", "UID:1"])
  }

  @Test("RELATED-TO lines are matched by position")
  func relatedTo() throws {
    let source = """
      BEGIN:VTODO\r
      RELATED-TO;X-A=1:parent-1\r
      UID:1\r
      RELATED-TO;RELTYPE=sibling:sib-1\r
      END:VTODO\r

      """
    var todo = try #require(TodoComponent(try Component.parse(source)[0]))
    #expect(
      todo.relatedTo == [
        RelatedTo(uid: "parent-1"), RelatedTo(uid: "sib-1", relationType: "SIBLING"),
      ])
    todo.relatedTo = [
      RelatedTo(uid: "parent-2"), RelatedTo(uid: "sib-1", relationType: "SIBLING"),
      RelatedTo(uid: "child-1", relationType: "CHILD"),
    ]
    #expect(
      todo.component.properties.map(\.description) == [
        "RELATED-TO;X-A=1:parent-2", "UID:1", "RELATED-TO;RELTYPE=sibling:sib-1",
        "RELATED-TO;RELTYPE=CHILD:child-1",
      ])
    todo.relatedTo = [RelatedTo(uid: "parent-2", relationType: "CHILD")]
    #expect(
      todo.component.properties.map(\.description) == [
        "RELATED-TO;X-A=1;RELTYPE=CHILD:parent-2", "UID:1",
      ])
  }

  @Test("unreadable values read as nil and stay until the field is set")
  func unreadable() throws {
    let source = "BEGIN:VTODO\r\nPRIORITY:high\r\nDUE:tomorrow\r\nUID:1\r\nEND:VTODO\r\n"
    var todo = try #require(TodoComponent(try Component.parse(source)[0]))
    #expect(todo.priority == nil && todo.due == nil)
    todo.summary = "x"
    #expect(todo.component.properties.map(\.value) == ["high", "tomorrow", "1", "x"])
    todo.priority = 2
    #expect(todo.component.properties.map(\.value) == ["2", "tomorrow", "1", "x"])
  }

  @Test("replacing the other properties keeps the modelled ones in place")
  func replacesOthers() throws {
    let source = "BEGIN:VTODO\r\nX-A:1\r\nUID:1\r\nX-B:2\r\nSUMMARY:s\r\nEND:VTODO\r\n"
    var todo = try #require(TodoComponent(try Component.parse(source)[0]))
    todo.otherProperties = [ContentLine(name: "X-C", value: "3")]
    #expect(todo.component.properties.map(\.description) == ["X-C:3", "UID:1", "SUMMARY:s"])
    todo.otherProperties += [
      ContentLine(name: "X-D", value: "4"), ContentLine(name: "X-E", value: "5"),
    ]
    #expect(
      todo.component.properties.map(\.description) == [
        "X-C:3", "UID:1", "SUMMARY:s", "X-D:4", "X-E:5",
      ])
  }
}

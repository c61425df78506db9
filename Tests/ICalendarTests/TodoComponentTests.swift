import ICalendar
import Testing

@Suite("Todo fields read from clients' output")
struct TodoComponentTests {
  @Test("Apple Reminders")
  func appleReminders() throws {
    let todo = try Fixture.appleReminders.todo()
    #expect(todo.uid == "2F0A6E4B-9C1D-4E8F-A7B3-5D6C7E8F9A01")
    #expect(todo.summary == "Buy milk")
    #expect(
      todo.description
        == "Oat milk, not the sweetened one.\nAlso check the expiry date on the eggs; "
        + "the last box was nearly out of date when we bought it.")
    #expect(todo.due == (try .make(2026, 11, 24, 9, 0, 0, .zoned(tzid: "Europe/Berlin"))))
    #expect(todo.dtstart == todo.due)
    #expect(todo.created == (try .make(2026, 11, 1, 8, 15, 12, .utc)))
    #expect(todo.lastModified == (try .make(2026, 11, 2, 9, 30, 0, .utc)))
    #expect(todo.dtstamp == todo.lastModified)
    #expect(todo.completed == nil)
    #expect(todo.status == .needsAction)
    #expect(todo.priority == 1)
    #expect(todo.sequence == 0)
    #expect(todo.appleSortOrder == 785_412_306)
    #expect(todo.relatedTo == [RelatedTo(uid: "8C4D2A1E-5F3B-4C7A-9E6D-1B2C3D4E5F60")])
    #expect(todo.categories == [])
    #expect(todo.otherProperties == [])
    #expect(todo.otherComponents.map(\.name) == ["VALARM", "VALARM"])
    #expect(
      todo.otherComponents[0].property(named: "X-WR-ALARMUID")?.value
        == "B6E1C2D3-A4F5-4678-9ABC-DEF012345678")
    #expect(todo.timeZoneIDs == ["Europe/Berlin"])
  }

  @Test("Thunderbird")
  func thunderbird() throws {
    let todo = try Fixture.thunderbird.todo()
    #expect(todo.summary == "Quarterly report")
    #expect(todo.status == .inProcess)
    #expect(todo.percentComplete == 40)
    #expect(todo.priority == 5)
    #expect(todo.sequence == 2)
    #expect(todo.categories == ["Business", "Finance"])
    #expect(todo.lastModified == (try .make(2026, 10, 21, 9, 1, 30, .utc)))
    #expect(todo.due == (try .make(2026, 10, 31, 17, 0, 0, .zoned(tzid: "America/New_York"))))
    #expect(
      todo.description
        == "Collect the numbers from finance, sales and support.\n"
        + "Draft the summary by Friday; send it to the board on Monday.")
    #expect(todo.otherProperties.map(\.name) == ["CLASS", "X-MOZ-GENERATION", "X-MOZ-LASTACK"])
    #expect(todo.component.property(named: "X-MOZ-GENERATION")?.integerValue == 3)
  }

  @Test("Tasks.org through DAVx5")
  func tasksOrg() throws {
    let todo = try Fixture.tasksOrg.todo()
    #expect(todo.uid == "3897419217374916612")
    #expect(todo.summary == "Water the plants")
    #expect(todo.description == "Balcony first, then the kitchen.")
    #expect(todo.priority == 9)
    #expect(todo.categories == ["home", "garden"])
    #expect(todo.appleSortOrder == 721_234_567)
    #expect(todo.relatedTo == [RelatedTo(uid: "6543210987654321098", relationType: "PARENT")])
    #expect(todo.due == (try .make(2026, 11, 7)))
    #expect(todo.dtstart == (try .make(2026, 11, 7)))
    #expect(todo.otherProperties.map(\.description) == ["RRULE:FREQ=WEEKLY;BYDAY=SA"])
    #expect(todo.timeZoneIDs == [])
  }

  @Test("todoman")
  func todoman() throws {
    let todo = try Fixture.todoman.todo()
    #expect(todo.summary == "Renew passport")
    #expect(todo.due == (try .make(2026, 11, 30, 18, 0, 0, .floating)))
    #expect(todo.priority == 0)
    #expect(todo.sequence == 1)
    #expect(todo.uid == "5f3b7e2c8a9d4e1fa6b0c3d2e1f0a9b8@laptop")
    #expect(todo.otherProperties == [] && todo.otherComponents == [])
  }

  @Test("long UTF-8 lines unfold into whole text")
  func longLines() throws {
    let todo = try Fixture.longLines.todo()
    #expect(
      todo.summary
        == "🎉🎉 Party planning 🎂🎈🥳 with balloons 🎈🎈🎈 and cake 🍰🍰🍰 for everyone 😀😀😀😀😀")
    #expect(todo.description?.hasSuffix("週末までに全部買うこと。") == true)
  }

  @Test("statuses, known and other")
  func statuses() {
    #expect(VTodoStatus("needs-action") == .needsAction)
    #expect(VTodoStatus("COMPLETED") == .completed)
    #expect(VTodoStatus("CANCELLED") == .cancelled)
    #expect(VTodoStatus("X-WAITING") == .other("X-WAITING"))
    #expect(VTodoStatus.other("X-WAITING").description == "X-WAITING")
    #expect(VTodoStatus.inProcess.description == "IN-PROCESS")
  }

  @Test("only VTODO components are todos")
  func onlyTodos() {
    #expect(TodoComponent(Component(name: "VEVENT")) == nil)
    #expect(TodoComponent(Component(name: "vtodo")) != nil)
    #expect(
      TodoComponent(uid: "x").component.description == "BEGIN:VTODO\r\nUID:x\r\nEND:VTODO\r\n")
  }
}

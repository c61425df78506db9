import Foundation
import Testing

@Suite("todo export --format ics and todo import FILE.ics")
struct CalendarFileTests {
  /// An Apple Reminders todo with a time zone, an alarm and properties the app does not
  /// model.
  static let reminders = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//Apple Inc.//iOS 17.5.1//EN\r
    BEGIN:VTIMEZONE\r
    TZID:Europe/Berlin\r
    BEGIN:STANDARD\r
    DTSTART:19961027T030000\r
    TZOFFSETFROM:+0200\r
    TZOFFSETTO:+0100\r
    END:STANDARD\r
    END:VTIMEZONE\r
    BEGIN:VTODO\r
    UID:2F0A6E4B-9C1D-4E8F-A7B3-5D6C7E8F9A01\r
    SUMMARY:Buy milk\r
    DUE;TZID=Europe/Berlin:20261124T090000\r
    STATUS:NEEDS-ACTION\r
    PRIORITY:1\r
    X-APPLE-SORT-ORDER:785412306\r
    RRULE:FREQ=WEEKLY\r
    BEGIN:VALARM\r
    ACTION:DISPLAY\r
    TRIGGER:-PT15M\r
    END:VALARM\r
    END:VTODO\r
    BEGIN:VEVENT\r
    UID:e1\r
    SUMMARY:Dentist\r
    DTSTART:20261124T090000Z\r
    END:VEVENT\r
    END:VCALENDAR\r

    """

  @Test("an import reads the todo and counts the event; the export gives back what it kept")
  func roundTrip() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let file = cli.directory.appendingPathComponent("reminders.ics")
    try Self.reminders.write(to: file, atomically: true, encoding: .utf8)
    let imported = try cli.ok(["import", file.path])
    #expect(imported.contains("Imported 1 todo (1 new, 0 updated)."), "\(imported)")
    #expect(imported.contains("Skipped 1 event (VEVENT): this app keeps todos."), "\(imported)")
    #expect(try cli.ok(["import", file.path]).contains("(0 new, 1 updated)"))
    let listing = try cli.ok(["ls"])
    #expect(listing.contains("Buy milk") && listing.contains("2026/11/24 09:00"), "\(listing)")

    let out = cli.directory.appendingPathComponent("out.ics")
    #expect(try cli.ok(["export", "--format", "ics", out.path]).contains("Exported 1 todo"))
    let text = try String(contentsOf: out, encoding: .utf8)
    for line in [
      "UID:2F0A6E4B-9C1D-4E8F-A7B3-5D6C7E8F9A01", "DUE;TZID=Europe/Berlin:20261124T090000",
      "PRIORITY:1", "X-APPLE-SORT-ORDER:785412306", "RRULE:FREQ=WEEKLY", "BEGIN:VALARM",
      "TRIGGER:-PT15M", "TZID:Europe/Berlin", "SUMMARY:Buy milk", "STATUS:NEEDS-ACTION",
    ] {
      #expect(text.contains(line + "\r\n"), "\(line) missing from\n\(text)")
    }
    #expect(!text.contains("VEVENT"))
  }

  @Test("a broken file imports nothing and says which line; --list picks the list")
  func refusedAndList() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    try cli.ok(["list", "add", "Shop"])
    let broken = cli.directory.appendingPathComponent("broken.ics")
    try Self.reminders.replacingOccurrences(of: "END:VTODO\r\n", with: "")
      .write(to: broken, atomically: true, encoding: .utf8)
    let refused = try cli.run(["import", broken.path])
    #expect(refused.status == 1 && refused.stderr.contains("line"), "\(refused)")
    #expect(!(try cli.ok(["ls"])).contains("Buy milk"))

    let good = cli.directory.appendingPathComponent("good.ics")
    try Self.reminders.write(to: good, atomically: true, encoding: .utf8)
    try cli.ok(["import", good.path, "--list", "Shop"])
    #expect(try cli.ok(["ls", "--list", "Shop"]).contains("Buy milk"))
    let shop = try cli.ok(["export", "--format", "ics", "--list", "Shop"])
    #expect(shop.contains("SUMMARY:Buy milk"))
    let inbox = try cli.ok(["export", "--format", "ics", "--list", "Inbox"])
    #expect(!inbox.contains("SUMMARY:Buy milk"))
  }

  @Test("through a server: the same import and export")
  func throughServer() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let server = try TestServer(database: cli.database, directory: cli.directory)
    defer { _ = server.stop() }
    let file = cli.directory.appendingPathComponent("reminders.ics")
    try Self.reminders.write(to: file, atomically: true, encoding: .utf8)
    let imported = try cli.ok(["import", file.path, "--server", server.url])
    #expect(imported.contains("Imported 1 todo (1 new, 0 updated)."), "\(imported)")
    let text = try cli.ok(["export", "--format", "ics", "--server", server.url])
    #expect(text.contains("X-APPLE-SORT-ORDER:785412306\r\n"))
    #expect(text.contains("DUE;TZID=Europe/Berlin:20261124T090000\r\n"))
  }

  static let todoist =
    "TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,DATE\r\nsection,Dairy,,,,\r\n"
    + "task,Buy milk,Oat,4,1,2026-12-01\r\ntask,Water the plants,,1,1,every monday\r\n"
    + "task,Someday,,1,1,when the moon is blue\r\n"

  @Test("todo import --from todoist, locally and through a server")
  func todoistImport() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let file = cli.directory.appendingPathComponent("project.csv")
    try Self.todoist.write(to: file, atomically: true, encoding: .utf8)
    let local = try cli.ok(["import", "--from", "todoist", file.path])
    #expect(local.contains("Imported 3 todos (3 new, 0 updated)."), "\(local)")
    #expect(local.contains("Skipped 1 date not understood: kept in the notes"), "\(local)")
    let listing = try cli.ok(["ls"])
    #expect(listing.contains("Buy milk") && listing.contains("2026/12/01"), "\(listing)")

    let server = try TestServer(database: cli.database, directory: cli.directory)
    defer { _ = server.stop() }
    try cli.ok(["list", "add", "Shop", "--server", server.url])
    let remote = try cli.ok(
      ["import", "--from", "todoist", file.path, "--list", "Shop", "--server", server.url])
    #expect(remote.contains("Imported 3 todos"), "\(remote)")
    #expect(try cli.ok(["ls", "--list", "Shop", "--server", server.url]).contains("Buy milk"))
  }

  @Test("todo done on a calendar's repeating todo moves it on, says when it is due next")
  func doneRepeats() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let file = cli.directory.appendingPathComponent("reminders.ics")
    try Self.reminders.write(to: file, atomically: true, encoding: .utf8)
    _ = try cli.ok(["import", file.path])
    _ = try cli.ok(["ls"])
    let done = try cli.ok(["done", "1"])
    #expect(done.contains("Done: Buy milk"), "\(done)")
    #expect(done.contains(" — every week"), "\(done)")
    let todos = try #require(try cli.json(["ls", "--all", "--json"]) as? [[String: Any]])
    #expect(todos.count == 1)
    #expect(todos.first?["status"] as? String == "notStarted")
    #expect((todos.first?["deadline"] as? String).map { $0 > "2026-11-24T09:00" } == true)
    #expect(todos.first?["repeatRule"] as? String == "FREQ=WEEKLY")
  }
}

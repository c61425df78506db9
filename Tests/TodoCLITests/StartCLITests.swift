import Foundation
import Testing

/// `todo add/edit --start` and `--someday`.
@Suite("todo add and edit with start dates and Someday")
struct StartCLITests {
  @Test("--start sets a start, --someday puts a todo aside, --start '' removes it again")
  func startAndSomeday() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    let added = try cli.ok(["add", "Plan the trip", "--due", "2031-01-10", "--start", "2031-01-06"])
    #expect(added.contains(" — due 2031/01/10, starts 2031/01/06"), "\(added)")
    var todo = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).first
    #expect(todo?["start"] as? String == "2031-01-06")
    _ = try cli.ok(["add", "Call mum", "--repeat", "every monday", "--as-typed"])
    let listing = try cli.ok(["ls"])
    #expect(listing.contains("When"), "\(listing)")
    #expect(listing.contains("starts 2031/01/06") && listing.contains("every Monday"), "\(listing)")

    let aside = try cli.ok(["edit", "1", "--someday"])
    #expect(aside.contains("someday"), "\(aside)")
    #expect(try cli.ok(["ls"]).contains("someday"))
    todo = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).first
    #expect(todo?["someday"] as? Bool == true && todo?["start"] == nil)

    _ = try cli.ok(["edit", "1", "--no-someday"])
    todo = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).first
    #expect(todo?["someday"] == nil)
  }

  @Test("--due and --start take words as the title does: tomorrow, in 3 days")
  func datesInWords() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    // The days as the command reads them (the machine's time zone), before and after it ran:
    // a run across midnight reads either.
    func days(_ offset: Int, around run: () throws -> Void) rethrows -> Set<String> {
      func day() -> String {
        let date = Calendar.autoupdatingCurrent.date(byAdding: .day, value: offset, to: Date())!
        let formatter = DateFormatter()
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = .autoupdatingCurrent
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
      }
      let before = day()
      try run()
      return [before, day()]
    }
    var tomorrow: Set<String> = []
    let today = try days(0) {
      tomorrow = try days(1) {
        _ = try cli.ok(["add", "Pay rent", "--due", "tomorrow", "--start", "today", "--as-typed"])
      }
    }
    var todo = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).first
    #expect(tomorrow.contains(todo?["deadline"] as? String ?? ""), "\(String(describing: todo))")
    #expect(today.contains(todo?["start"] as? String ?? ""), "\(String(describing: todo))")
    let later = try days(3) { _ = try cli.ok(["edit", "1", "--due", "In 3 Days"]) }
    todo = try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).first
    #expect(later.contains(todo?["deadline"] as? String ?? ""), "\(String(describing: todo))")
  }

  @Test("search --from and --to take words too")
  func searchInWords() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    _ = try cli.ok(["add", "Pay rent", "--due", "tomorrow", "--as-typed"])
    _ = try cli.ok(["add", "Pay tax", "--due", "in 30 days", "--as-typed"])
    let found = try cli.ok(["search", "pay", "--from", "today", "--to", "in 7 days"])
    #expect(found.contains("Pay rent") && !found.contains("Pay tax"), "\(found)")
    let later = try cli.ok(["search", "pay", "--from", "in 8 days"])
    #expect(!later.contains("Pay rent") && later.contains("Pay tax"), "\(later)")
    let refused = try cli.run(["search", "pay", "--to", "someday soon"])
    #expect(refused.status == 1 && refused.stderr.hasPrefix("Error: to: "), "\(refused.stderr)")
  }

  @Test("a start that is no date, or after the deadline, is refused naming start; nothing added")
  func badStarts() throws {
    let cli = try CLI()
    defer { cli.cleanUp() }
    for arguments in [
      ["add", "x", "--start", "soon"],
      ["add", "x", "--due", "2031-01-06", "--start", "2031-01-07"],
    ] {
      let result = try cli.run(arguments)
      #expect(result.status != 0, "\(arguments)")
      #expect(result.stderr.contains("start: "), "\(arguments): \(result.stderr)")
    }
    #expect(try #require(try cli.json(["ls", "--json"]) as? [[String: Any]]).isEmpty)
  }
}

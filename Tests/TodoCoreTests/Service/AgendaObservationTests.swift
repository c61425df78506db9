import Foundation
import Testing

@testable import TodoCore

@Suite("TodoService observation: open counts and the agenda of the smart views")
struct AgendaObservationTests {
  @Test(
    "every list's open count and the agenda arrive with the list's own value, live",
    .timeLimit(.minutes(1)))
  func countsAndAgenda() async throws {
    try await TemporaryStore.with { service, _ in
      let errands = try await service.createList(named: "Errands")
      let later = try Deadline(parsing: "2026-01-05")
      let soon = try Deadline(parsing: "2026-01-02T09:00")
      let post = try await service.createTodo(
        NewTodo(title: "Post", listID: errands.id, deadline: later))
      let milk = try await service.createTodo(NewTodo(title: "Milk", deadline: later))
      _ = try await service.createTodo(NewTodo(title: "Undated"))
      _ = try await service.createTodo(
        NewTodo(title: "Finished", listID: errands.id, deadline: soon, status: .done))

      var values = service.observe(list: TodoList.inboxID).makeAsyncIterator()
      let first = try #require(try await values.next())
      #expect(first.openCounts == [TodoList.inboxID: 2, errands.id: 1])
      // By deadline, then title; done and undated todos are not in it.
      #expect(first.agenda.map(\.title) == ["Milk", "Post"])

      // A deadline changed in another list moves the todo up the agenda, in one value.
      _ = try await service.updateTodo(id: post.id, TodoPatch(deadline: .some(soon)))
      let moved = try #require(try await values.next())
      #expect(moved.agenda.map(\.title) == ["Post", "Milk"])
      #expect(moved.todos.map(\.title) == ["Milk", "Undated"])
      #expect(moved.sequence > first.sequence)

      // Completing it takes it off the count and the agenda.
      _ = try await service.updateTodo(id: post.id, TodoPatch(status: .done))
      let done = try #require(try await values.next())
      #expect(done.openCounts == [TodoList.inboxID: 2])
      #expect(done.agenda.map(\.id) == [milk.id])

      // A trashed list's todos leave with it.
      _ = try await service.createTodo(NewTodo(title: "Stamps", listID: errands.id, deadline: soon))
      let stamps = try #require(try await values.next())
      #expect(stamps.agenda.map(\.title) == ["Stamps", "Milk"])
      _ = try await service.trashList(id: errands.id)
      let trashed = try #require(try await values.next())
      #expect(trashed.openCounts == [TodoList.inboxID: 2])
      #expect(trashed.agenda.map(\.title) == ["Milk"])
    }
  }

  @Test(
    "a done todo of another list changes nothing a page shows: no value for it",
    .timeLimit(.minutes(1)))
  func unchangedValueSkipped() async throws {
    try await TemporaryStore.with { service, _ in
      let errands = try await service.createList(named: "Errands")
      var values = service.observe(list: TodoList.inboxID).makeAsyncIterator()
      let first = try #require(try await values.next())
      _ = try await service.createTodo(
        NewTodo(title: "Already done", listID: errands.id, status: .done))
      let milk = try await service.createTodo(NewTodo(title: "Milk"))
      // Values come in commit order: the next one is the Inbox's, for the later commit.
      let next = try #require(try await values.next())
      #expect(next.todos == [milk])
      #expect(next.sequence.rawValue >= first.sequence.rawValue + 2)
    }
  }

  @Test("the smart views' days: today, overdue and the next seven days, in a time zone")
  func agendaDay() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Pacific/Auckland")!
    // 2026-01-01T00:00Z is 13:00 on 1 January in Auckland.
    let day = AgendaDay(now: Date(timeIntervalSince1970: 1_767_225_600), calendar: calendar)
    #expect(day.today == [2026, 1, 1])
    #expect(day.upcoming.first == [2026, 1, 2])
    #expect(day.upcoming.last == [2026, 1, 8])
    #expect(day.isToday(try Deadline(parsing: "2026-01-01T23:00")))
    #expect(day.isOverdue(try Deadline(parsing: "2026-01-01T12:59")))
    #expect(!day.isOverdue(try Deadline(parsing: "2026-01-01T13:00")))
    #expect(!day.isOverdue(try Deadline(parsing: "2026-01-01")))
    #expect(day.isOverdue(try Deadline(parsing: "2025-12-31")))
    #expect(day.upcomingDay(try Deadline(parsing: "2026-01-02")) == 0)
    #expect(day.upcomingDay(try Deadline(parsing: "2026-01-08T23:59")) == 6)
    #expect(day.upcomingDay(try Deadline(parsing: "2026-01-09")) == nil)
    #expect(day.upcomingDay(try Deadline(parsing: "2026-01-01")) == nil)
  }
}

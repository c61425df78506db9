import Foundation
import PersistenceTestEntities
import Testing

@testable import Persistence

/// How a value's objects, sorted by their section key first, are cut into sections.
@Suite("Sections of fetched results")
struct FetchedSectionsTests {
  @Test("runs of equal keys of every length become one section each, in order")
  func runs() {
    let lists = (0..<6).map { _ in UUID() }
    for lengths in [[1], [2, 1], [1, 1, 1], [5, 1, 9, 2, 1, 33], [64], [65, 3], [1, 128]] {
      let todos = lengths.enumerated().flatMap { index, length in
        (0..<length).map { Todo(listID: lists[index], title: "\(index).\($0)") }
      }
      let sections = FetchedResults.sections(
        of: todos, ids: todos.map(\.id), by: Todo.listIDAttribute.erased)
      #expect(sections.map(\.objects.count) == lengths)
      #expect(sections.map(\.key) == lengths.indices.map { lists[$0].storedValue })
      #expect(sections.flatMap(\.objects).map(\.title) == todos.map(\.title))
      #expect(sections.flatMap(\.ids) == todos.map(\.id))
    }
    #expect(FetchedResults<Todo>.sections(of: [], ids: [], by: Todo.listIDAttribute.erased).isEmpty)
  }

  @Test("the end of a run is found for runs of every length up to the end")
  func endOfRun() {
    for count in 1...40 {
      for start in 0..<count {
        for end in (start + 1)...count {
          var reads = 0
          let found = FetchedResults<Todo>.endOfRun(from: start, count: count) { index in
            reads += 1
            return index < end
          }
          #expect(found == end)
          #expect(reads <= 2 * (Int.bitWidth - (end - start).leadingZeroBitCount) + 1)
        }
      }
    }
  }
}

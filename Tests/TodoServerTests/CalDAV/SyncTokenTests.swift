import Testing
import TodoCore

@testable import TodoServer

@Suite("Sync tokens: the state, or where a cut answer goes on")
struct SyncTokenTests {
  @Test("a token reads back as the position it was made of; any other text does not")
  func roundTrip() throws {
    let complete = try #require(SyncToken.position(SyncToken.text(42)))
    #expect(complete.since == 42 && complete.page == nil)
    for since in [nil, ChangeSequence(7)] {
      for name in ["a.ics", "with:colons:and/slash é.ics", "x"] {
        let page = CalendarSyncPage(through: 99, afterName: name)
        let read = try #require(SyncToken.position(SyncToken.text(since: since, page: page)))
        #expect(read.since == since && read.page == page)
      }
    }
    for text in [
      "", "urn:todo:sync:", "urn:todo:sync:x", "urn:other:1", "urn:todo:sync:page:1:2",
      "urn:todo:sync:page:1:2:", "urn:todo:sync:page:1:2:abc", "urn:todo:sync:page:1:2:zz",
      "urn:todo:sync:page:a:2:61", "urn:todo:sync:page:1:b:61", "urn:todo:sync:page:1:2:ff",
    ] {
      #expect(SyncToken.position(text) == nil, "\(text)")
    }
  }
}

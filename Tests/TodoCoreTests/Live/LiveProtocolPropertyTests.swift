import Foundation
import PropertyBased
import Testing

@testable import TodoCore

/// Every event type and every message type, with random fields, read back as it was written.
@Suite("Live protocol: every event and message round-trips through its JSON")
struct LiveProtocolPropertyTests {
  typealias Random = LiveWireRandom
  typealias Make<Value> = @Sendable (inout any SeededRandomNumberGenerator) -> Value

  /// A random event of each type, by the type's name on the wire.
  static let events: [String: Make<LiveEvent>] = [
    "resync": { _ in .resync },
    "setTimeZone": { .page(.setTimeZone(Random.text(&$0))) },
    "add": { .page(.list(.add(Random.text(&$0)))) },
    "create": { .page(.list(.create(Random.id(&$0), Random.text(&$0)))) },
    "typeNew": { .page(.list(.typeNew(Random.text(&$0)))) },
    "dismissQuickDeadline": { _ in .page(.list(.dismissQuickDeadline)) },
    "toggle": { .page(.list(.toggle(Random.id(&$0)))) },
    "setStatus": { .page(.list(.setStatus(Random.id(&$0), Random.choice(TodoStatus.self, &$0)))) },
    "move": { .page(.list(.move(Random.id(&$0), Random.position(&$0)))) },
    "setExpanded": { .page(.list(.setExpanded(Random.text(&$0), Bool.random(using: &$0)))) },
    "indent": { .page(.list(.indent(Random.id(&$0)))) },
    "outdent": { .page(.list(.outdent(Random.id(&$0)))) },
    "nest": { .page(.list(.nest(Random.id(&$0), Random.id(&$0)))) },
    "completeSubtasks": { .page(.list(.completeSubtasks(Bool.random(using: &$0)))) },
    "cancelComplete": { _ in .page(.list(.cancelComplete)) },
    "chooseFilter": { .page(.list(.chooseFilter(Random.choice(PageList.Filter.self, &$0)))) },
    "chooseLayout": { .page(.list(.chooseLayout(Random.choice(PageList.Layout.self, &$0)))) },
    "sortByDeadline": { .page(.list(.sortByDeadline(Bool.random(using: &$0)))) },
    "sortByPriority": { .page(.list(.sortByPriority(Bool.random(using: &$0)))) },
    "showRows": { .page(.list(.showRows(Int.random(in: 1...PageList.maximumRows, using: &$0)))) },
    "search": { .page(.search(.setText(Random.text(&$0)))) },
    "requestDelete": { .page(.trash(.requestDelete(Random.id(&$0)))) },
    "confirmDelete": { _ in .page(.trash(.confirmDelete)) },
    "cancelDelete": { _ in .page(.trash(.cancelDelete)) },
    "clearCompleted": { _ in .page(.trash(.clearCompleted)) },
    "confirmClear": { _ in .page(.trash(.confirmClear)) },
    "cancelClear": { _ in .page(.trash(.cancelClear)) },
    "requestDeleteList": { .page(.trash(.requestDeleteList(Random.id(&$0)))) },
    "confirmDeleteList": { _ in .page(.trash(.confirmDeleteList)) },
    "cancelDeleteList": { _ in .page(.trash(.cancelDeleteList)) },
    "undo": { _ in .page(.trash(.undo)) },
    "dismissToast": { _ in .page(.trash(.dismissToast)) },
    "chooseList": { .page(.sidebar(.chooseList(Random.id(&$0)))) },
    "chooseView": { .page(.sidebar(.chooseView(Random.choice(SmartView.self, &$0)))) },
    "createList": { .page(.sidebar(.createList(Random.text(&$0)))) },
    "renameList": { .page(.sidebar(.renameList(Random.id(&$0), Random.text(&$0)))) },
    "moveList": { .page(.sidebar(.moveList(Random.id(&$0), Random.position(&$0)))) },
    "chooseSavedFilter": { .page(.sidebar(.chooseSavedFilter(Random.id(&$0)))) },
    "chooseTag": { .page(.sidebar(.chooseTag(Random.text(&$0)))) },
    "editTag": {
      .page(.sidebar(.editTag(Random.text(&$0), Random.text(&$0), Random.text(&$0))))
    },
    "showQuery": { .page(.sidebar(.showQuery(Random.text(&$0)))) },
    "saveFilter": { .page(.sidebar(.saveFilter(Random.text(&$0), Random.text(&$0)))) },
    "editFilter": {
      .page(.sidebar(.editFilter(Random.id(&$0), Random.text(&$0), Random.text(&$0))))
    },
    "requestDeleteFilter": { .page(.sidebar(.requestDeleteFilter(Random.id(&$0)))) },
    "confirmDeleteFilter": { _ in .page(.sidebar(.confirmDeleteFilter)) },
    "cancelDeleteFilter": { _ in .page(.sidebar(.cancelDeleteFilter)) },
    "beginEdit": { .page(.editor(.beginEdit(Random.id(&$0)))) },
    "saveEdit": { .page(.editor(.saveEdit(Random.sheet(&$0)))) },
    "keepMine": { .page(.editor(.keepMine(Random.sheet(&$0)))) },
    "useTheirs": { _ in .page(.editor(.useTheirs)) },
    "cancelEdit": { _ in .page(.editor(.cancelEdit)) },
    "skipOccurrence": { _ in .page(.editor(.skipOccurrence)) },
    "addReminder": { .page(.editor(.sheet(.addReminder(Random.text(&$0))))) },
    "removeReminder": { .page(.editor(.sheet(.removeReminder(Random.id(&$0))))) },
    "snoozeReminder": {
      .page(.reminders(.snooze(Random.id(&$0), Random.choice(ReminderSnooze.self, &$0))))
    },
    "dismissReminder": { .page(.reminders(.dismiss(Random.id(&$0)))) },
    "completeReminder": { .page(.reminders(.complete(Random.id(&$0)))) },
    "restoreEdit": {
      .page(.editor(.restoreEdit(Random.id(&$0), version: Random.version(&$0), Random.sheet(&$0))))
    },
  ]

  /// A random message of each type the server sends.
  static let messages: [String: Make<LiveMessage>] = [
    "snapshot": { .snapshot(revision: Random.count(&$0), Random.page(&$0)) },
    "changes": { .changes(Random.changes(&$0)) },
    "error": { .error(code: Random.text(&$0), message: Random.text(&$0)) },
  ]

  /// The `type` a message was written with.
  static func type(of json: Data) throws -> String {
    struct Typed: Decodable { var type: String }
    return try JSONDecoder().decode(Typed.self, from: json).type
  }

  /// Runs `body`, recording what it throws as an issue: `propertyCheck` counts recorded
  /// issues only, and drops an error its body throws (an event that does not decode again
  /// would pass unseen).
  static func recording(_ body: () throws -> Void) {
    do {
      try body()
    } catch {
      Issue.record(error)
    }
  }

  @Test("the generators cover every type the protocol lists")
  func coverage() {
    #expect(Set(Self.events.keys) == Set(LiveEvent.wireTypes.map(\.name)))
    #expect(Set(Self.messages.keys) == Set(LiveMessage.wireTypes.map(\.name)))
  }

  @Test(
    "decode(encode(event)) == event, for every type of event", arguments: Self.events.keys.sorted())
  func eventRoundTrip(type: String) async throws {
    let make = try #require(Self.events[type])
    let input = Generator { (make(&$0), Random.count(&$0) + 1) }
    await propertyCheck(count: 40, input: input) { event, number in
      Self.recording {
        let json = try #require(event.json(), "\(event) is not written")
        #expect(try Self.type(of: json) == type)
        #expect(try LiveEvent(json: json) == event)
        // Numbered, as a page numbers the events it predicts.
        guard case .page(let action) = event else { return }
        let numbered = LiveEvent.page(.numbered(number, action))
        let numberedJSON = try #require(numbered.json(), "\(numbered) is not written")
        #expect(try Self.type(of: numberedJSON) == type)
        #expect(try LiveEvent(json: numberedJSON) == numbered)
      }
    }
  }

  @Test("a number that is not a positive integer is refused, naming `seq`")
  func badNumbers() {
    for seq in ["0", "-1", "1.5", "\"1\"", "null"] {
      let json = Data(#"{"v":1,"type":"undo","seq":\#(seq)}"#.utf8)
      #expect(throws: LiveProtocolError.invalidField("seq", "a positive integer")) {
        try LiveEvent(json: json)
      }
    }
    let resync = Data(#"{"v":1,"type":"resync","seq":1}"#.utf8)
    #expect(throws: LiveProtocolError.invalidField("seq", "only a page's event is numbered")) {
      try LiveEvent(json: resync)
    }
  }

  @Test(
    "decode(encode(message)) == message, for every type of message",
    arguments: Self.messages.keys.sorted())
  func messageRoundTrip(type: String) async throws {
    let make = try #require(Self.messages[type])
    await propertyCheck(count: 60, input: Generator { make(&$0) }) { message in
      Self.recording {
        let json = try message.encoded()
        #expect(try Self.type(of: json) == type)
        #expect(try LiveMessage(json: json) == message)
      }
    }
  }

  @Test("a chrome encoded in parts is byte for byte the chrome encoded whole")
  func chromeInParts() async throws {
    var encoder = ChromeEncoder(capacity: 4)
    await propertyCheck(count: 200, input: Generator { LiveWireRandom.chrome(&$0) }) { chrome in
      Self.recording {
        let whole = try LiveMessage.encoder.encode(chrome)
        let parts = try encoder.encode(chrome)
        #expect(parts == whole, "\(String(decoding: parts, as: UTF8.self))")
        // Again, from the tables.
        #expect(try encoder.encode(chrome) == whole)
      }
    }
  }
}

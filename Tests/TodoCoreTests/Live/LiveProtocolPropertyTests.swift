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
    "add": { .page(.add(Random.text(&$0))) },
    "typeNew": { .page(.typeNew(Random.text(&$0))) },
    "dismissQuickDeadline": { _ in .page(.dismissQuickDeadline) },
    "toggle": { .page(.toggle(Random.id(&$0))) },
    "setStatus": { .page(.setStatus(Random.id(&$0), Random.choice(TodoStatus.self, &$0))) },
    "move": { .page(.move(Random.id(&$0), Random.position(&$0))) },
    "setExpanded": { .page(.setExpanded(Random.text(&$0), Bool.random(using: &$0))) },
    "chooseFilter": { .page(.chooseFilter(Random.choice(LivePage.Filter.self, &$0))) },
    "chooseLayout": { .page(.chooseLayout(Random.choice(LivePage.Layout.self, &$0))) },
    "sortByDeadline": { .page(.sortByDeadline(Bool.random(using: &$0))) },
    "search": { .page(.search(Random.text(&$0))) },
    "requestDelete": { .page(.requestDelete(Random.id(&$0))) },
    "confirmDelete": { _ in .page(.confirmDelete) },
    "cancelDelete": { _ in .page(.cancelDelete) },
    "clearCompleted": { _ in .page(.clearCompleted) },
    "confirmClear": { _ in .page(.confirmClear) },
    "cancelClear": { _ in .page(.cancelClear) },
    "requestDeleteList": { .page(.requestDeleteList(Random.id(&$0))) },
    "confirmDeleteList": { _ in .page(.confirmDeleteList) },
    "cancelDeleteList": { _ in .page(.cancelDeleteList) },
    "undo": { _ in .page(.undo) },
    "dismissToast": { _ in .page(.dismissToast) },
    "chooseList": { .page(.chooseList(Random.id(&$0))) },
    "chooseView": { .page(.chooseView(Random.choice(SmartView.self, &$0))) },
    "createList": { .page(.createList(Random.text(&$0))) },
    "renameList": { .page(.renameList(Random.id(&$0), Random.text(&$0))) },
    "moveList": { .page(.moveList(Random.id(&$0), Random.position(&$0))) },
    "beginEdit": { .page(.beginEdit(Random.id(&$0))) },
    "saveEdit": { .page(.saveEdit(Random.sheet(&$0))) },
    "keepMine": { .page(.keepMine(Random.sheet(&$0))) },
    "useTheirs": { _ in .page(.useTheirs) },
    "cancelEdit": { _ in .page(.cancelEdit) },
    "restoreEdit": {
      .page(.restoreEdit(Random.id(&$0), version: Random.count(&$0), Random.sheet(&$0)))
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

  @Test("the generators cover every type the protocol lists")
  func coverage() {
    #expect(Set(Self.events.keys) == Set(LiveEvent.wireTypes.map(\.name)))
    #expect(Set(Self.messages.keys) == Set(LiveMessage.wireTypes.map(\.name)))
  }

  @Test(
    "decode(encode(event)) == event, for every type of event", arguments: Self.events.keys.sorted())
  func eventRoundTrip(type: String) async throws {
    let make = try #require(Self.events[type])
    await propertyCheck(count: 40, input: Generator { make(&$0) }) { event in
      let json = try #require(event.json(), "\(event) is not written")
      #expect(try Self.type(of: json) == type)
      #expect(try LiveEvent(json: json) == event)
    }
  }

  @Test(
    "decode(encode(message)) == message, for every type of message",
    arguments: Self.messages.keys.sorted())
  func messageRoundTrip(type: String) async throws {
    let make = try #require(Self.messages[type])
    await propertyCheck(count: 60, input: Generator { make(&$0) }) { message in
      let json = try message.encoded()
      #expect(try Self.type(of: json) == type)
      #expect(try LiveMessage(json: json) == message)
    }
  }
}

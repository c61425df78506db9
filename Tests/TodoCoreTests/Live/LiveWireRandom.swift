import Foundation
import PropertyBased

@testable import TodoCore

/// Random values of the live protocol's fields, for its round-trip property tests: texts with
/// quotes, backslashes, slashes, control characters and characters outside the BMP; UUIDs;
/// every choice of every enum the protocol writes.
enum LiveWireRandom {
  typealias Source = any SeededRandomNumberGenerator

  /// Characters a text is made of: those JSON must escape, and some that it need not.
  static let characters: [Character] = [
    "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r\n", "\t", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}",
    "é", "牛", "🥛", "\u{2028}", "{", "}", ":", ",",
  ]

  static func text(_ random: inout Source) -> String {
    String(
      (0..<Int.random(in: 0...12, using: &random)).map { _ in
        characters.randomElement(using: &random)!
      })
  }

  static func id(_ random: inout Source) -> UUID {
    var bytes: [UInt8] = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
    return bytes.withUnsafeMutableBytes { UUID(uuid: $0.load(as: uuid_t.self)) }
  }

  static func count(_ random: inout Source) -> Int {
    Bool.random(using: &random)
      ? Int.random(in: 0...9, using: &random) : Int.random(in: 0...Int.max, using: &random)
  }

  /// A todo's version: never negative on the wire.
  static func version(_ random: inout Source) -> Version {
    Version(Int64(count(&random)))
  }

  static func choice<T: CaseIterable>(_: T.Type, _ random: inout Source) -> T {
    T.allCases.randomElement(using: &random)!
  }

  static func optional<T>(_ random: inout Source, _ make: (inout Source) -> T) -> T? {
    Bool.random(using: &random) ? make(&random) : nil
  }

  static func list<T>(_ random: inout Source, upTo limit: Int, _ make: (inout Source) -> T) -> [T] {
    (0..<Int.random(in: 0...limit, using: &random)).map { _ in make(&random) }
  }

  /// A move next to another row (the only moves a page sends).
  static func position(_ random: inout Source) -> MovePosition {
    Bool.random(using: &random) ? .before(id(&random)) : .after(id(&random))
  }

  static func sheet(_ random: inout Source) -> PageEditor.Fields {
    PageEditor.Fields(
      title: text(&random), notes: text(&random), deadline: text(&random),
      status: choice(TodoStatus.self, &random), section: text(&random),
      repeat: optional(&random, text),
      afterCompletion: optional(&random) { Bool.random(using: &$0) },
      start: optional(&random, text), someday: optional(&random) { Bool.random(using: &$0) },
      priority: optional(&random, text), tags: optional(&random, text),
      assignee: optional(&random, text))
  }

  // MARK: - The page's parts

  static func cell(_ random: inout Source) -> LiveCell {
    LiveCell(
      kind: Bool.random(using: &random) ? .todo : .group, title: text(&random),
      detail: optional(&random, text), overdue: Bool.random(using: &random),
      status: optional(&random) { choice(TodoStatus.self, &$0) }, level: count(&random),
      expanded: optional(&random) { Bool.random(using: &$0) }, repeats: optional(&random, text),
      deferred: optional(&random) { Bool.random(using: &$0) },
      priority: optional(&random) { Int.random(in: 1...4, using: &$0) },
      tags: optional(&random) { list(&$0, upTo: 3, text) }, assignee: optional(&random, text),
      parent: optional(&random, text))
  }

  static func cells(_ random: inout Source, for ids: [String]) -> [String: LiveCell] {
    var cells: [String: LiveCell] = [:]
    for id in ids where Int.random(in: 0..<4, using: &random) > 0 { cells[id] = cell(&random) }
    return cells
  }

  static func chrome(_ random: inout Source) -> LiveChrome {
    var chrome = LiveChrome()
    chrome.loaded = Bool.random(using: &random)
    chrome.lists = list(&random, upTo: 3) {
      LiveChrome.ListEntry(
        id: id(&$0).uuidString, name: text(&$0), shared: optional(&$0) { Bool.random(using: &$0) },
        open: optional(&$0, count))
    }
    chrome.listID = optional(&random) { id(&$0).uuidString }
    chrome.views = list(&random, upTo: 3) {
      LiveChrome.ViewEntry(id: choice(SmartView.self, &$0), name: text(&$0), count: count(&$0))
    }
    chrome.view = optional(&random) { choice(SmartView.self, &$0) }
    chrome.filters = list(&random, upTo: 3) {
      LiveChrome.FilterEntry(
        id: id(&$0).uuidString, name: text(&$0), query: text(&$0), count: optional(&$0, count))
    }
    chrome.tags = list(&random, upTo: 3) {
      LiveChrome.TagEntry(name: text(&$0), count: count(&$0))
    }
    chrome.tagColors = optional(&random) { random in
      Dictionary(
        list(&random, upTo: 3) { (text(&$0), choice(TagColor.self, &$0).rawValue) },
        uniquingKeysWith: { first, _ in first })
    }
    chrome.query = optional(&random) {
      LiveChrome.QueryEntry(
        text: text(&$0), title: text(&$0), filterID: optional(&$0) { id(&$0).uuidString },
        tag: optional(&$0, text))
    }
    chrome.confirmDeleteFilter = optional(&random, text)
    chrome.assignedToMe = optional(&random, count)
    chrome.filter = choice(PageList.Filter.self, &random)
    chrome.search = text(&random)
    chrome.layout = choice(PageList.Layout.self, &random)
    chrome.sortByDeadline = Bool.random(using: &random)
    chrome.sortByPriority = Bool.random(using: &random)
    chrome.counter = text(&random)
    chrome.quickDeadline = optional(&random, text)
    chrome.quickPhrase = optional(&random, text)
    chrome.quickMarks = optional(&random, text)
    chrome.emptyText = optional(&random, text)
    chrome.completedCount = count(&random)
    chrome.editor = optional(&random, editor)
    chrome.confirmDelete = optional(&random) { id(&$0).uuidString }
    chrome.confirmTitle = optional(&random, text)
    chrome.confirmDeleteList = optional(&random, text)
    chrome.confirmClear = optional(&random, count)
    chrome.toast = optional(&random, text)
    chrome.problem = optional(&random, text)
    chrome.storeOffline = Bool.random(using: &random)
    chrome.account = optional(&random, text)
    chrome.inboxID = optional(&random) { id(&$0).uuidString }
    chrome.reminders = list(&random, upTo: 3) {
      LiveChrome.ReminderNotice(
        id: id(&$0).uuidString, title: text(&$0), detail: optional(&$0, text), since: text(&$0))
    }
    return chrome
  }

  static func editor(_ random: inout Source) -> LiveChrome.EditorForm {
    var form = LiveChrome.EditorForm(
      id: id(&random).uuidString, phase: text(&random), title: text(&random),
      notes: text(&random), deadline: text(&random), status: choice(TodoStatus.self, &random),
      section: text(&random), problem: optional(&random, text),
      conflict: Bool.random(using: &random))
    form.version = version(&random)
    form.repeat = text(&random)
    form.afterCompletion = Bool.random(using: &random)
    form.repeats = Bool.random(using: &random)
    form.history = optional(&random, text)
    form.changedOccurrences = list(&random, upTo: 3, text)
    form.start = text(&random)
    form.someday = Bool.random(using: &random)
    form.priority = text(&random)
    form.tags = text(&random)
    form.assignee = text(&random)
    form.members = list(&random, upTo: 3) {
      LiveChrome.MemberEntry(id: id(&$0).uuidString, name: text(&$0))
    }
    form.reminders = list(&random, upTo: 3) {
      LiveChrome.ReminderEntry(id: id(&$0).uuidString, label: text(&$0))
    }
    form.theirChanges = list(&random, upTo: 3) {
      LiveChrome.FieldChange(field: text(&$0), label: text(&$0), value: text(&$0))
    }
    return form
  }

  /// A page of up to four sections (some with a heading) of up to five items each, cells
  /// for most items, a chrome, and sometimes each section's count in a longer list.
  static func page(_ random: inout Source) -> PageSnapshot {
    var page = PageSnapshot()
    var next = 0
    for section in 0..<Int.random(in: 0...4, using: &random) {
      let id = "section:\(section)"
      let items = (0..<Int.random(in: 0...5, using: &random)).map { _ in
        next += 1
        return "\(next)-" + text(&random)
      }
      try? page.items.appendSections([id])
      try? page.items.appendItems(items, toSection: id)
      page.headers[id] = optional(&random, text)
      page.cells.merge(cells(&random, for: items)) { $1 }
    }
    page.chrome = chrome(&random)
    page.counts = optional(&random) { random in
      page.items.sections.map { $0.items.count + Int.random(in: 0...1_000, using: &random) }
    }
    return page
  }

  static func item(_ random: inout Source) -> LiveChanges.Stage.Item {
    .init(section: count(&random), element: count(&random), id: text(&random))
  }

  static func stage(_ random: inout Source) -> LiveChanges.Stage {
    var stage = LiveChanges.Stage()
    func section(_ random: inout Source) -> LiveChanges.Stage.Section {
      .init(
        index: count(&random), id: text(&random), header: optional(&random, text),
        items: optional(&random) { list(&$0, upTo: 3, text) })
    }
    stage.sectionDeleted = list(&random, upTo: 2, count)
    stage.sectionInserted = list(&random, upTo: 2, section)
    stage.sectionUpdated = list(&random, upTo: 2, section)
    stage.sectionMoved = list(&random, upTo: 2) {
      .init(source: count(&$0), target: count(&$0))
    }
    stage.itemDeleted = list(&random, upTo: 3, item)
    stage.itemInserted = list(&random, upTo: 3, item)
    stage.itemUpdated = list(&random, upTo: 3, item)
    stage.itemMoved = list(&random, upTo: 3) {
      .init(from: [count(&$0), count(&$0)], to: [count(&$0), count(&$0)], id: text(&$0))
    }
    return stage
  }

  static func changes(_ random: inout Source) -> LiveChanges {
    let ids = list(&random, upTo: 4, text)
    return LiveChanges(
      revision: count(&random), stages: list(&random, upTo: 3, stage),
      cells: cells(&random, for: ids), chrome: optional(&random, chrome),
      counts: optional(&random) { list(&$0, upTo: 3, count) })
  }
}

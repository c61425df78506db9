import Diffable
import Foundation

/// What the live web page shows, as data: the list's sections and cells as a `Diffable`
/// snapshot, the content of every visible cell, and the page's chrome (sidebar, filters,
/// counter, dialogs).
///
/// A page snapshot is a pure function of ``LivePage/State``; the server diffs two of them
/// into a ``LiveChanges`` message. The browser renders it generically: it knows sections,
/// cells, accessories and dialogs, not todos.
///
/// ```swift
/// let page = PageSnapshot(state)
/// let message = LiveMessage.snapshot(revision: 1, page)
/// ```
public struct PageSnapshot: Equatable, Sendable {
  /// The sections and the identifiers of their visible items, in display order.
  public var items: Snapshot<String, String>
  /// Each section's heading (absent for a section without one).
  public var headers: [String: String]
  /// The content of every item in ``items``.
  public var cells: [String: LiveCell]
  /// Everything around the list.
  public var chrome: LiveChrome
  /// Each section's number of items in the whole list, when the page holds only the list's
  /// first rows (``PageList/Local/rows``, ``clipped(toRows:)``): ``items`` then has the first
  /// rows in display order, the sections after them empty. `nil` when the page holds every row.
  public var counts: [Int]?

  /// Creates a page snapshot from its parts.
  public init(
    items: Snapshot<String, String> = Snapshot(), headers: [String: String] = [:],
    cells: [String: LiveCell] = [:], chrome: LiveChrome = LiveChrome(), counts: [Int]? = nil
  ) {
    self.items = items
    self.headers = headers
    self.cells = cells
    self.chrome = chrome
    self.counts = counts
  }

  /// The page holding only its first `rows` rows, in display order across the sections: every
  /// section stays (with its heading), each with the items among the first rows, and
  /// ``counts`` says how many each has in all.
  ///
  /// - Complexity: O(s + r) for s sections and the r rows kept.
  public func clipped(toRows rows: Int) -> PageSnapshot {
    // A list no longer than the rows is the page itself, counted.
    guard items.numberOfItems > rows else {
      var whole = self
      whole.counts = items.sections.map(\.items.count)
      return whole
    }
    var clipped = PageSnapshot(headers: headers, chrome: chrome, counts: [])
    var left = max(0, rows)
    for section in items.sections {
      let kept = section.items.prefix(left)
      left -= kept.count
      try? clipped.items.appendSections([section.identifier])
      try? clipped.items.appendItems(Array(kept), toSection: section.identifier)
      for id in kept { clipped.cells[id] = cells[id] }
      clipped.counts?.append(section.items.count)
    }
    return clipped
  }
}

extension PageSnapshot {
  /// One section as the live protocol writes it: its identifier, its heading if it has one,
  /// and its items in order. A `snapshot` message carries the page as these, and a replica
  /// applies `changes` to them.
  struct Section: Codable, Equatable, Sendable {
    /// The section's identifier.
    var id: String
    /// Its heading, if it has one.
    var header: String?
    /// Its items' identifiers, in display order.
    var items: [String]
  }

  /// The page's sections with their headings, in display order.
  var sections: [Section] {
    items.sections.map {
      Section(id: $0.identifier, header: headers[$0.identifier], items: $0.items)
    }
  }

  /// The page of `sections`, with `cells`, `chrome` and `counts` as given.
  ///
  /// - Throws: The snapshot's error when a section or an item is given twice.
  init(
    sections: [Section], cells: [String: LiveCell], chrome: LiveChrome, counts: [Int]? = nil
  ) throws {
    var items = Snapshot<String, String>()
    var headers: [String: String] = [:]
    for section in sections {
      try items.appendSections([section.id])
      try items.appendItems(section.items, toSection: section.id)
      headers[section.id] = section.header
    }
    self.init(items: items, headers: headers, cells: cells, chrome: chrome, counts: counts)
  }
}

/// The content of one list cell: a todo, or an outline parent ("Undone", "Done").
public struct LiveCell: Codable, Equatable, Sendable {
  /// What the cell is; the browser offers the todo actions only on `todo` cells.
  public enum Kind: String, Codable, Sendable { case todo, group }

  /// What the cell is.
  public var kind: Kind = .todo
  /// The main text (a todo's title), always rendered as text.
  public var title: String
  /// The secondary text: the deadline as a person reads it (``Deadline/label(relativeTo:in:)``:
  /// "Tomorrow 09:00", "27 Nov"), or a group's count.
  public var detail: String?
  /// Whether the deadline has passed on an unfinished todo.
  public var overdue: Bool = false
  /// The status accessory: `done` shows a checkmark, `inProgress` a distinct mark.
  public var status: TodoStatus?
  /// The outline level: 0 for top-level cells, 1 for children of a group or subtasks of a
  /// top-level todo, and so on.
  public var level: Int = 0
  /// For a group, or a todo with subtasks shown: whether its children are shown.
  public var expanded: Bool?
  /// How a repeating todo repeats, as people read it ("every Monday"); absent for one that
  /// does not.
  public var repeats: String?
  /// `true` for a todo that has not started yet or is put aside for some day (shown greyed);
  /// absent otherwise.
  public var deferred: Bool?
  /// The todo's priority, 1 (P1) to 4, shown as a coloured flag; absent for none.
  public var priority: Int?
  /// The todo's tags, shown as chips; absent for none.
  public var tags: [String]?
  /// A parent's progress, its done subtasks over all of them ("2/5"); absent for a todo
  /// without subtasks.
  public var progress: String?
  /// The name of the person the todo is assigned to; absent for nobody.
  public var assignee: String?
  /// For a subtask shown away from its parent (a smart view, a query, the Undone and Done
  /// groups), the parent's title; absent otherwise.
  public var parent: String?
}

/// Everything on the page around the list: small, sent whole whenever any part changes.
public struct LiveChrome: Codable, Hashable, Sendable {
  /// One entry of the sidebar.
  public struct ListEntry: Codable, Hashable, Sendable {
    /// The list's identifier.
    public var id: String
    /// The list's name.
    public var name: String
    /// `true` for a list someone else shared with the signed-in person; absent for their own.
    public var shared: Bool?
    /// How many of the list's todos are not done.
    public var open: Int?
  }

  /// One smart view in the sidebar, with how many todos it shows.
  public struct ViewEntry: Codable, Hashable, Sendable {
    /// `today`, `upcoming` or `overdue`.
    public var id: SmartView
    /// Its name: "Today", "Upcoming", "Overdue".
    public var name: String
    /// How many open todos it shows.
    public var count: Int
  }

  /// One saved filter in the sidebar, with how many todos it shows.
  public struct FilterEntry: Codable, Hashable, Sendable {
    /// The filter's identifier.
    public var id: String
    /// Its name.
    public var name: String
    /// Its query, as typed (`#work & p1`).
    public var query: String
    /// How many todos it shows; absent for a filter whose text no longer reads.
    public var count: Int?
  }

  /// One tag in the sidebar, with how many open todos have it.
  public struct TagEntry: Codable, Hashable, Sendable {
    /// The tag's name, without `#`.
    public var name: String
    /// How many open todos have it.
    public var count: Int
  }

  /// The query the page shows instead of a list.
  public struct QueryEntry: Codable, Hashable, Sendable {
    /// The query's text.
    public var text: String
    /// The page's title: the saved filter's name, `#tag`, or the text.
    public var title: String
    /// The saved filter shown, if it is one.
    public var filterID: String?
    /// The tag shown, if it is a tag's.
    public var tag: String?
  }

  /// Whether the first data has arrived; the page shows a loading state until then.
  public var loaded = false
  /// The sidebar of lists, in user order.
  public var lists: [ListEntry] = []
  /// The chosen list.
  public var listID: String?
  /// The smart views above the lists (Today, Upcoming, Overdue), with their counts.
  public var views: [ViewEntry] = []
  /// The chosen smart view, shown instead of the chosen list; absent while a list is shown.
  public var view: SmartView?
  /// The person's saved filters, in their order, with their counts.
  public var filters: [FilterEntry] = []
  /// The tags of the person's open todos, by name, with their counts.
  public var tags: [TagEntry] = []
  /// The colours the person gave their tags, by lowercased tag: the chips on rows (a done
  /// todo's tag too) and the dots of ``tags``; absent when there are none.
  public var tagColors: [String: String]?
  /// The chosen query (a saved filter, a tag), shown instead of the chosen list; absent
  /// while a list or a smart view is shown.
  public var query: QueryEntry?
  /// The name of the saved filter whose deletion waits for confirmation.
  public var confirmDeleteFilter: String?
  /// How many open todos are assigned to the signed-in person: the "Assigned to me" view's
  /// count; absent on a server without accounts.
  public var assignedToMe: Int?
  /// The chosen filter: `all`, `active` or `completed`.
  public var filter = PageList.Filter.all
  /// The search text the list is filtered by.
  public var search = ""
  /// How the list is grouped: `plain`, `outline` or `sectioned`.
  public var layout = PageList.Layout.plain
  /// Whether the list is sorted by deadline instead of user order.
  public var sortByDeadline = false
  /// Whether the list is sorted by priority (then by deadline when that is on too).
  public var sortByPriority = false
  /// "1 item left" / "N items left".
  public var counter = "0 items left"
  /// The deadline the new-todo field's text names (`2026/11/25 09:00`), shown as a chip
  /// that can be removed before adding; `nil` when it names none or the chip was removed.
  public var quickDeadline: String?
  /// The words of the text that name it (`tomorrow 9:00`).
  public var quickPhrase: String?
  /// The priority and tags the new-todo field's text names, as the todo will have them
  /// (`P1 #errands`); `nil` when it names none.
  public var quickMarks: String?
  /// What the list says when it shows nothing although the list has todos (a search that
  /// matches none), or `nil`.
  public var emptyText: String?
  /// How many done todos "Clear completed" would move to the trash.
  public var completedCount = 0
  /// The edit sheet, when open.
  public var editor: EditorForm?
  /// The identifier of the todo whose deletion waits for confirmation.
  public var confirmDelete: String?
  /// The title of the todo whose deletion waits for confirmation.
  public var confirmTitle: String?
  /// The name of the list whose deletion waits for confirmation.
  public var confirmDeleteList: String?
  /// How many done todos "Clear completed" would move to the trash, while it waits for
  /// confirmation.
  public var confirmClear: Int?
  /// How many open subtasks of the done todos "Clear completed" would move to the trash with
  /// them, while it waits for confirmation; absent for none.
  public var confirmClearSubtasks: Int?
  /// The parent marked done whose open subtasks wait for "Complete them too?".
  public var confirmComplete: ConfirmComplete?
  /// The Undo toast after a delete or a clear: the text to show.
  public var toast: String?
  /// The last error, shown until the next successful change.
  public var problem: String?
  /// Whether the server cannot reach its database (writes fail until it is back).
  public var storeOffline = false
  /// Who is signed in, on a server with accounts; absent without accounts.
  public var account: String?
  /// The signed-in person's Inbox (which cannot be deleted), on a server with accounts.
  public var inboxID: String?
  /// The reminders that ring, the oldest first: each a notice with Snooze, Done and Dismiss
  /// (and a system notification, once the person allowed them).
  public var reminders: [ReminderNotice] = []
  /// The highest number of the page's numbered events that is done and shown, with every
  /// number before it (``LivePage/State/acknowledged``); absent before the first. A page
  /// drops its predictions of the events up to it.
  public var ack: Int?

  /// Creates an empty chrome (the loading state).
  public init() {}

  /// The edit sheet's fields.
  public struct EditorForm: Codable, Hashable, Sendable {
    /// The todo being edited.
    public var id: String
    /// `loading`, `editing`, `saving`.
    public var phase: String
    /// The draft's title.
    public var title: String
    /// The draft's notes.
    public var notes: String
    /// `yyyy-MM-dd` (a date input's value), or empty.
    public var deadline: String
    /// The draft's status.
    public var status: TodoStatus
    /// The draft's section heading.
    public var section: String
    /// How the draft repeats, as the person edits it ("every Monday", or a rule); empty for
    /// never.
    public var `repeat` = ""
    /// Whether the draft repeats counted from the day it is done.
    public var afterCompletion = false
    /// Whether the todo repeats (as stored): the sheet offers "Skip this one".
    public var repeats = false
    /// How often it was done, for a repeating todo: "Done 12 times, last on 3 Nov 2026".
    public var history: String?
    /// The occurrences a calendar app changed on its own, as people read them ("3 Dec 2026:
    /// Yoga (in the park)"), by date.
    public var changedOccurrences: [String] = []
    /// The draft's start date: `yyyy-MM-dd`, `yyyy-MM-ddTHH:mm`, or empty.
    public var start = ""
    /// Whether the draft is put aside for some day.
    public var someday = false
    /// The draft's priority: `1` (P1) to `4`, or empty for none.
    public var priority = ""
    /// The draft's tags as typed (`work errands`).
    public var tags = ""
    /// The account the draft assigns the todo to, or empty for nobody.
    public var assignee = ""
    /// Whom the todo can be assigned to: the members of its list (none on a server without
    /// accounts).
    public var members: [MemberEntry] = []
    /// The person's reminders of the todo, the soonest first (set and removed at once, not
    /// with Save).
    public var reminders: [ReminderEntry] = []
    /// A problem with the edit, such as another user's concurrent change.
    public var problem: String?
    /// Whether the problem is a concurrent change: the page offers Keep mine and Use theirs.
    public var conflict: Bool
    /// The version of the todo the draft is typed over (0 while loading): a draft the page
    /// keeps across a reload names it.
    public var version = Version(0)
    /// After a conflict, what the other side changed, field by field, with their value (for
    /// people: dates as the list shows them, statuses in words).
    public var theirChanges: [FieldChange] = []
  }

  /// A member of a list, whom its todos can be assigned to.
  public struct MemberEntry: Codable, Hashable, Sendable {
    /// The account.
    public var id: String
    /// Its name.
    public var name: String
  }

  /// The question asked when a parent with open subtasks is marked done.
  public struct ConfirmComplete: Codable, Hashable, Sendable {
    /// The parent's identifier.
    public var id: String
    /// The parent's title.
    public var title: String
    /// How many of its subtasks (all levels) are open.
    public var open: Int
  }

  /// A ringing reminder's notice.
  public struct ReminderNotice: Codable, Hashable, Sendable {
    /// The reminder's identifier.
    public var id: String
    /// The todo's title.
    public var title: String
    /// Its deadline as people read it ("Due today 09:00"), if it has one, and "late" when it
    /// rang after its time.
    public var detail: String?
    /// When it rang (ISO 8601): a page notifies each ringing once, however often it reloads.
    public var since: String
  }

  /// One of the open todo's reminders, in the edit sheet.
  public struct ReminderEntry: Codable, Hashable, Sendable {
    /// The reminder's identifier.
    public var id: String
    /// When it fires, as people read it ("10 minutes before", "Tomorrow 09:00").
    public var label: String
  }

  /// One field someone else changed while the sheet was open.
  public struct FieldChange: Codable, Hashable, Sendable {
    /// `title`, `notes`, `deadline`, `start`, `status`, `section`, `repeat`, `priority`,
    /// `tags` or `assignee`.
    public var field: String
    /// The field's name for people.
    public var label: String
    /// Their value, as people read it (empty when they cleared the field).
    public var value: String
  }
}

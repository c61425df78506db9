import Diffable
import Foundation
import Persistence
import Testing

@Suite("Observation changesets")
struct ObservationChangesetTests {
  /// Applies each value's changeset to the sections of the one before, from the first value,
  /// checking that every step gives that value's snapshot; returns the last sections.
  static func replay<Root: Entity>(_ values: [FetchedResults<Root>]) throws
    -> [SnapshotSection<StoredValue, UUID>]
  {
    var sections = try #require(values.first).snapshot.sections
    for value in values.dropFirst() {
      for stage in value.changeset {
        sections = try stage.apply(to: sections)
      }
      #expect(sections == value.snapshot.sections)
      #expect(value.snapshot.itemIdentifiers == value.objects.map(\.id))
    }
    return sections
  }

  @Test("Changesets of a long random edit sequence rebuild the final fetch from the first value")
  func changesetsReplay() async throws {
    try await withContainer(entities: [Item.self]) { container, _ in
      var random = SeededRandom(seed: 2024)
      let lists = [UUID(), UUID(), UUID()]
      let request = FetchRequest<Item>(
        filter: Item.doneAttribute == false, sortedBy: [Item.positionAttribute.ascending],
        sectionKey: Item.listIDAttribute)
      let view = container.viewContext
      let background = container.newBackgroundContext()
      for index in 0..<12 {
        try await view.insert(Item(listID: lists[index % 3], title: "Seed \(index)"), at: .bottom)
      }
      try await view.save()

      let collector = ResultsCollector(view.observe(request))
      defer { collector.cancel() }
      try await collector.waitFor { $0.objects.count == 12 }

      for round in 0..<250 {
        let context = Bool.random(using: &random) ? view : background
        let all = try await context.fetch(
          FetchRequest<Item>(sortedBy: [Item.positionAttribute.ascending]))
        let pick = all.randomElement(using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
          let list = lists.randomElement(using: &random)!
          try await context.insert(Item(listID: list, title: "New \(round)"), at: .top)
        case 1 where pick != nil:
          var item = pick!
          item.title = "Renamed \(round)"
          try context.update(item)
        case 2 where pick != nil:
          var item = pick!
          item.done.toggle()
          try context.update(item)
        case 3 where pick != nil:
          try context.delete(pick!)
        case 4 where pick != nil:
          let siblings = all.filter { $0.listID == pick!.listID && $0.id != pick!.id }
          if let anchor = siblings.randomElement(using: &random) {
            try await context.move(pick!, before: anchor)
          }
        case 5 where pick != nil:
          var item = pick!
          item.listID = lists.randomElement(using: &random)!
          try context.update(item)
          try await context.move(item, to: .bottom)
        default:
          break
        }
        // Several changes per commit now and then, to exercise multi-object changesets.
        if Int.random(in: 0..<3, using: &random) > 0 {
          try await saveOrDiscard(context)
        }
      }
      try await saveOrDiscard(view)
      try await saveOrDiscard(background)

      let final = try await container.newBackgroundContext().fetch(request)
      let finalIDs = final.map(\.id)
      try await collector.waitFor { $0.objects == final }
      let values = collector.all
      #expect(values.count > 60)

      let sections = try Self.replay(values)
      #expect(sections.flatMap(\.items) == finalIDs)
      let finalSections = Dictionary(grouping: final, by: \.listID).mapValues { $0.map(\.id) }
      for section in sections {
        guard case .blob(let data) = section.identifier else {
          Issue.record("section identifiers are list ids")
          continue
        }
        let list = try UUID(storedValue: .blob(data))
        #expect(finalSections[list] == section.items)
      }
      #expect(values.last?.objects == final)
    }
  }

  @Test("A burst of concurrent commits, published together, replays to the final fetch too")
  func burstReplays() async throws {
    try await withContainer(entities: [Item.self]) { container, _ in
      let lists = [UUID(), UUID()]
      let request = FetchRequest<Item>(
        filter: Item.doneAttribute == false, sortedBy: [Item.positionAttribute.ascending],
        sectionKey: Item.listIDAttribute)
      let seeded = try await container.write { tx in
        try (0..<40).map { index in
          try tx.insert(Item(listID: lists[index % 2], title: "Seed \(index)"), at: .bottom)
        }
      }
      let collector = ResultsCollector(container.viewContext.observe(request))
      defer { collector.cancel() }
      try await collector.waitFor { $0.objects.count == 40 }

      // Writers that do not wait for each other: the observation finds several commits
      // waiting at once and publishes them as one value with their changes merged.
      try await withThrowingTaskGroup(of: Void.self) { group in
        for writer in 0..<8 {
          group.addTask {
            var random = SeededRandom(seed: UInt64(writer))
            for round in 0..<25 {
              let pick = seeded[Int.random(in: 0..<seeded.count, using: &random)]
              let action = Int.random(in: 0..<5, using: &random)
              try await container.write { tx in
                guard var item = try tx.object(Item.self, id: pick.id) else {
                  _ = try tx.insert(
                    Item(listID: lists[round % 2], title: "New \(writer)-\(round)"), at: .top)
                  return
                }
                switch action {
                case 0:
                  _ = try tx.insert(
                    Item(listID: lists[round % 2], title: "New \(writer)-\(round)"), at: .top)
                case 1:
                  item.title = "Renamed \(writer)-\(round)"
                  _ = try tx.update(item)
                case 2:
                  item.done.toggle()
                  _ = try tx.update(item)
                case 3:
                  try tx.delete(item)
                default:
                  _ = try tx.move(item, to: .top)
                }
              }
            }
          }
        }
        try await group.waitForAll()
      }

      let final = try await container.read { tx in try tx.fetch(request) }
      let finalIDs = final.map(\.id)
      try await collector.waitFor { $0.objects == final }
      let values = collector.all
      let sections = try Self.replay(values)
      #expect(sections.flatMap(\.items) == finalIDs)
      #expect(values.last?.objects == final)
    }
  }

  @Test("With a frame, a burst of commits is published as one value whose changeset covers it")
  func framedBurst() async throws {
    try await withContainer(entities: [Item.self]) { container, _ in
      let list = UUID()
      let request = FetchRequest<Item>(sortedBy: [Item.positionAttribute.ascending])
      let collector = ResultsCollector(
        container.viewContext.observe(request, frame: .seconds(2)))
      defer { collector.cancel() }
      try await collector.waitFor { $0.objects.isEmpty }
      // 20 commits in a row, far faster than the frame even on a loaded machine: the first
      // goes out at once, the rest at the end of its frame.
      var inserted: [Item] = []
      let start = ContinuousClock.now
      for index in 0..<20 {
        inserted.append(
          try await container.write { tx in
            try tx.insert(Item(listID: list, title: "burst \(index)"), at: .bottom)
          })
      }
      let elapsed = ContinuousClock.now - start
      try await collector.waitFor { $0.objects.map(\.id) == inserted.map(\.id) }
      let values = collector.all
      // The first value, then at most one per frame begun while the commits ran (each
      // commit its own value without the frame: 21).
      let frames = Int((elapsed / .seconds(2)).rounded(.up))
      #expect(values.count <= 2 + frames, "\(values.count) values for 20 commits in \(elapsed)")
      #expect(values.count < 21)
      let sections = try Self.replay(values)
      #expect(sections.flatMap(\.items) == inserted.map(\.id))
    }
  }

  @Test("An object that changes section without changing its place in the order moves section")
  func sectionChangeInPlace() async throws {
    try await withContainer(entities: [Item.self]) { container, _ in
      // Sorted by list, then position: [first, last | other]. Moving `last` to list B with a
      // position before `other` keeps its place in the order, but in the other section.
      let listA = try #require(UUID(uuidString: "00000000-0000-0000-0000-00000000000A"))
      let listB = try #require(UUID(uuidString: "00000000-0000-0000-0000-00000000000B"))
      let request = FetchRequest<Item>(
        sortedBy: [Item.positionAttribute.ascending], sectionKey: Item.listIDAttribute)
      let (first, last, other) = try await container.write { tx in
        (
          try tx.insert(Item(listID: listA, title: "first", position: OrderKey(rawValue: "G")!)),
          try tx.insert(Item(listID: listA, title: "last", position: OrderKey(rawValue: "M")!)),
          try tx.insert(Item(listID: listB, title: "other", position: OrderKey(rawValue: "T")!))
        )
      }
      let collector = ResultsCollector(container.viewContext.observe(request))
      defer { collector.cancel() }
      try await collector.waitFor { $0.objects.count == 3 }
      var moved = last
      moved.listID = listB
      try await container.write { [moved] tx in _ = try tx.update(moved) }
      try await collector.waitFor { $0.objects.contains { $0.id == last.id && $0.listID == listB } }
      let value = try #require(collector.all.last)
      #expect(value.snapshot.sectionIdentifiers == [listA.storedValue, listB.storedValue])
      #expect(try value.snapshot.itemIdentifiers(inSection: listA.storedValue) == [first.id])
      #expect(
        try value.snapshot.itemIdentifiers(inSection: listB.storedValue) == [last.id, other.id])
      let sections = try Self.replay(collector.all)
      #expect(sections.map(\.items) == [[first.id], [last.id, other.id]])
    }
  }

  @Test("Content updates are reported as updates, not as delete and insert")
  func updatesAreUpdates() async throws {
    try await withContainer(entities: [Item.self]) { container, _ in
      let context = container.viewContext
      let list = UUID()
      var item = try await context.insert(Item(listID: list, title: "Before"), at: .top)
      try await context.insert(Item(listID: list, title: "Other"), at: .bottom)
      try await context.save()
      let collector = ResultsCollector(context.observe(Item.inList(list)))
      defer { collector.cancel() }
      try await collector.waitFor { $0.objects.count == 2 }
      item.title = "After"
      try context.update(item)
      try await context.save()
      try await collector.waitFor { $0.objects.first?.title == "After" }
      let changeset = try #require(collector.all.last).changeset
      #expect(changeset.count == 1)
      #expect(changeset.first?.elementUpdated == [ElementPath(element: 0, section: 0)])
      #expect(changeset.first?.elementDeleted.isEmpty == true)
    }
  }

  /// Saves, or discards the changes when the other context changed the same object first.
  private func saveOrDiscard(_ context: ModelContext) async throws {
    do {
      try await context.save()
    } catch PersistenceError.conflict {
      context.rollback()
    }
  }
}

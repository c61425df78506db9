import Diffable
import Testing

/// Checks every stage of a sectioned changeset: not empty, of one kind, kinds in order,
/// applying it to the previous data gives its data, and the last data is the target.
func expectValidStages<Section: DiffableSection & Equatable>(
  _ changes: StagedChangeset<[Section]>,
  from source: [Section],
  to target: [Section],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  var current = source
  var previousKind: StageKind?
  for stage in changes {
    #expect(stage.hasChanges, "empty stage", sourceLocation: sourceLocation)
    let kind = StageKind(stage)
    #expect(kind != nil, "stage mixes kinds: \(stage)", sourceLocation: sourceLocation)
    if let kind, let previousKind {
      #expect(previousKind < kind, "stages out of order", sourceLocation: sourceLocation)
    }
    previousKind = kind
    do {
      let applied = try stage.apply(to: current)
      #expect(applied == stage.data, "stage: \(stage)", sourceLocation: sourceLocation)
    } catch {
      Issue.record("stage not applicable: \(error)\n\(stage)", sourceLocation: sourceLocation)
    }
    current = stage.data
  }
  #expect(current == target, sourceLocation: sourceLocation)
  #expect((try? changes.apply(to: source)) == target, sourceLocation: sourceLocation)
}

/// The flat version of ``expectValidStages(_:from:to:sourceLocation:)``; at most 3 stages.
func expectValidStages<Element: Equatable>(
  _ changes: StagedChangeset<[Element]>,
  from source: [Element],
  to target: [Element],
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(changes.count <= 3, sourceLocation: sourceLocation)
  var current = source
  var previousKind: StageKind?
  for stage in changes {
    #expect(stage.hasChanges, "empty stage", sourceLocation: sourceLocation)
    #expect(stage.sectionChangeCount == 0, sourceLocation: sourceLocation)
    let kind = StageKind(stage)
    #expect(kind != nil, "stage mixes kinds: \(stage)", sourceLocation: sourceLocation)
    if let kind, let previousKind {
      #expect(previousKind < kind, "stages out of order", sourceLocation: sourceLocation)
    }
    previousKind = kind
    do {
      let applied = try stage.apply(to: current)
      #expect(applied == stage.data, "stage: \(stage)", sourceLocation: sourceLocation)
    } catch {
      Issue.record("stage not applicable: \(error)\n\(stage)", sourceLocation: sourceLocation)
    }
    current = stage.data
  }
  #expect(current == target, sourceLocation: sourceLocation)
}

// MARK: - In-place edits for snapshots

extension Array {
  /// Removes the elements at `positions` (sorted, distinct, valid), keeping the others' order.
  ///
  /// - Complexity: O(count - positions[0]).
  @usableFromInline
  mutating func _remove(atSortedPositions positions: [Int]) {
    guard let first = positions.first else { return }
    var write = first
    var next = 0
    for read in first..<count {
      if next < positions.count && positions[next] == read {
        next += 1
      } else {
        swapAt(write, read)
        write += 1
      }
    }
    removeLast(count - write)
  }

  /// Moves the element at `source` to `destination`, shifting only the elements between them.
  ///
  /// - Complexity: O(|destination - source|).
  @inlinable
  mutating func _move(from source: Int, to destination: Int) {
    guard source != destination else { return }
    withUnsafeMutableBufferPointer { buffer in
      let moved = (buffer.baseAddress! + source).move()
      if source < destination {
        (buffer.baseAddress! + source).moveInitialize(
          from: buffer.baseAddress! + source + 1, count: destination - source)
      } else {
        (buffer.baseAddress! + destination + 1).moveInitialize(
          from: buffer.baseAddress! + destination, count: source - destination)
      }
      (buffer.baseAddress! + destination).initialize(to: moved)
    }
  }
}

// MARK: - Longest increasing subsequence

/// Marks, in `keep`, the members of one longest strictly increasing subsequence of `values`.
///
/// Patience sorting with binary search and predecessor links: the elements that are *not*
/// marked are the minimum set of elements to move so that the rest keeps its relative order.
/// Entries of `values` equal to `-1` are skipped (they take part in no subsequence).
///
/// - Parameters:
///   - values: The target positions, in source order; non-negative values must be distinct.
///   - keep: On return, `true` exactly at the indices of one longest increasing subsequence.
/// - Returns: The length of that subsequence.
/// - Complexity: O(n log L) time, where L is the subsequence's length, and O(n) memory.
@inlinable
func _markLongestIncreasingSubsequence(_ values: [Int], keep: inout [Bool]) -> Int {
  let count = values.count
  keep = [Bool](repeating: false, count: count)
  guard count > 0 else { return 0 }
  var predecessor = [Int](repeating: -1, count: count)
  let (length, last) = values.withUnsafeBufferPointer { values in
    predecessor.withUnsafeMutableBufferPointer { predecessor in
      _patienceSort(values, predecessor: predecessor)
    }
  }
  var cursor = last
  while cursor >= 0 {
    keep[cursor] = true
    cursor = predecessor[cursor]
  }
  return length
}

/// Calls `body`, in increasing order, with the index of every element of `values` outside one
/// longest strictly increasing subsequence: the minimum set of elements to move so that the
/// rest keeps its relative order.
///
/// The same patience sorting as ``_markLongestIncreasingSubsequence(_:keep:)``, with the
/// predecessor links stored as `Value` and reused to mark the subsequence, so the only
/// n-sized temporary is one array of `Value`.
///
/// - Parameters:
///   - values: Distinct non-negative values; `values.count` must fit in `Value`.
///   - body: Called with each index outside the subsequence.
/// - Returns: The length of the subsequence.
/// - Complexity: O(n log L) time, where L is the subsequence's length, and O(n) memory.
@inlinable
func _forEachOutsideLongestIncreasingSubsequence<Value: FixedWidthInteger & SignedInteger>(
  _ values: UnsafeBufferPointer<Value>, _ body: (Int) -> Void
) -> Int {
  let count = values.count
  guard count > 0 else { return 0 }
  // predecessor[i]: the index before i in the run i ends, or -1; -2 once i is kept.
  var predecessor = [Value](repeating: -1, count: count)
  return predecessor.withUnsafeMutableBufferPointer { predecessor in
    let (length, last) = _patienceSort(values, predecessor: predecessor)
    var cursor = last
    while cursor >= 0 {
      let before = Int(predecessor[cursor])
      predecessor[cursor] = -2
      cursor = before
    }
    for index in 0..<count where predecessor[index] != -2 {
      body(index)
    }
    return length
  }
}

/// The patience sorting both functions above run: for every index of `values` that is not
/// skipped (a negative value), sets `predecessor[index]` to the index before it in the
/// increasing run it ends, or `-1` when it starts one.
///
/// - Parameters:
///   - values: Distinct values; negative ones are skipped and keep their predecessor.
///   - predecessor: As many links as `values`, `-1` on entry.
/// - Returns: The length of one longest strictly increasing subsequence, and the index of its
///   last element (`-1` when there is none); following `predecessor` from there walks it
///   backwards.
/// - Complexity: O(n log L) time, where L is the subsequence's length.
@inlinable
func _patienceSort<Value: FixedWidthInteger & SignedInteger>(
  _ values: UnsafeBufferPointer<Value>, predecessor: UnsafeMutableBufferPointer<Value>
) -> (length: Int, last: Int) {
  // tails[k]: the index (into values) of the smallest tail of an increasing run of length
  // k+1; tailValues[k] is its value, kept contiguous so the binary search stays in cache.
  var tails = [Value]()
  var tailValues = [Value]()
  tails.reserveCapacity(64)
  tailValues.reserveCapacity(64)
  for index in 0..<values.count {
    let value = values[index]
    if value < 0 { continue }
    // Fast path: most inputs are mostly in order.
    if let last = tailValues.last, last >= value {
      var low = 0
      var high = tailValues.count - 1
      tailValues.withUnsafeBufferPointer { tailValues in
        while low < high {
          let middle = (low + high) >> 1
          if tailValues[middle] < value { low = middle + 1 } else { high = middle }
        }
      }
      predecessor[index] = low > 0 ? tails[low - 1] : -1
      tails[low] = Value(truncatingIfNeeded: index)
      tailValues[low] = value
    } else {
      predecessor[index] = tails.last ?? -1
      tails.append(Value(truncatingIfNeeded: index))
      tailValues.append(value)
    }
  }
  return (tails.count, Int(tails.last ?? -1))
}

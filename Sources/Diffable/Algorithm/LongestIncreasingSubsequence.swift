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
  // tails[k]: the index (into values) of the smallest tail of an increasing run of length
  // k+1; tailValues[k] is its value, kept contiguous so the binary search stays in cache.
  var tails = [Int]()
  var tailValues = [Int]()
  tails.reserveCapacity(64)
  tailValues.reserveCapacity(64)
  var predecessor = [Int](repeating: -1, count: count)
  values.withUnsafeBufferPointer { values in
    predecessor.withUnsafeMutableBufferPointer { predecessor in
      for index in 0..<count {
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
          tails[low] = index
          tailValues[low] = value
        } else {
          predecessor[index] = tails.last ?? -1
          tails.append(index)
          tailValues.append(value)
        }
      }
    }
  }
  var cursor = tails.last ?? -1
  while cursor >= 0 {
    keep[cursor] = true
    cursor = predecessor[cursor]
  }
  return tails.count
}

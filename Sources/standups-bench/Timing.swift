import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Monotonic time in nanoseconds.
func monotonicNanos() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// CPU time the calling thread has used, in nanoseconds: unlike wall time it
/// leaves out the time other processes on a busy machine took the core away.
func threadCPUNanos() -> UInt64 {
  var ts = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
  return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

/// Sorted measurements with percentiles.
struct Samples {
  let sorted: [Double]

  init(_ values: [Double]) { sorted = values.sorted() }

  var count: Int { sorted.count }

  /// Nearest-rank percentile, `p` in 0...100.
  func percentile(_ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
    return sorted[Swift.min(Swift.max(rank - 1, 0), sorted.count - 1)]
  }

  var median: Double { percentile(50) }
  var max: Double { sorted.last ?? .nan }
  var min: Double { sorted.first ?? .nan }
}

/// Runs `body` repeatedly for at least `seconds` and returns operations per second.
@MainActor
func throughput(seconds: Double, batch: Int, _ body: () -> Void) -> Double {
  // Warm up once, then time whole batches so the clock is read rarely.
  for _ in 0..<batch { body() }
  let start = monotonicNanos()
  var done = 0
  let budget = UInt64(seconds * 1e9)
  while monotonicNanos() - start < budget {
    for _ in 0..<batch { body() }
    done += batch
  }
  let elapsed = Double(monotonicNanos() - start) / 1e9
  return Double(done) / elapsed
}

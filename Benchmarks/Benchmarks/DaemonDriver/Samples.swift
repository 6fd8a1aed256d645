/// Latencies of one operation on one side, in microseconds.
struct Samples {
    private(set) var values: [Double] = []

    mutating func append(_ duration: Duration) {
        values.append(duration.microseconds)
    }

    mutating func append(contentsOf other: Samples) {
        values.append(contentsOf: other.values)
    }

    var count: Int { values.count }

    /// The nearest-rank percentile (0...1); 0 when empty.
    func percentile(_ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((fraction * Double(sorted.count - 1)).rounded())
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    var p50: Double { percentile(0.5) }
    var p95: Double { percentile(0.95) }
    var p99: Double { percentile(0.99) }
    var maximum: Double { values.max() ?? 0 }
}

extension Duration {
    var microseconds: Double {
        Double(components.seconds) * 1e6 + Double(components.attoseconds) / 1e12
    }
}

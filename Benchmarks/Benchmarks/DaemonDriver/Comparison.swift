import Foundation

/// One operation measured on both sides, and the bound for it.
struct Comparison {
    enum Figures {
        /// Latencies per call: the daemon's p50 and p95 must each be within 1.3 × embedded + 50 µs.
        case latency(embedded: Samples, daemon: Samples)
        /// Contacts per second: the daemon must reach 80% of embedded.
        case throughput(embedded: Double, daemon: Double)
    }

    let operation: String
    let figures: Figures

    /// Whether the daemon meets the bound of issue 13, item 9.
    var met: Bool {
        switch figures {
        case .latency(let embedded, let daemon):
            daemon.p50 <= Self.bound(embedded.p50) && daemon.p95 <= Self.bound(embedded.p95)
        case .throughput(let embedded, let daemon):
            daemon >= 0.8 * embedded
        }
    }

    static func bound(_ embedded: Double) -> Double { 1.3 * embedded + 50 }

    /// A Markdown table row: operation, embedded, daemon, ratio, bound, met.
    var row: String {
        switch figures {
        case .latency(let embedded, let daemon):
            let cells = [
                operation, "\(Self.micro(embedded.p50)) / \(Self.micro(embedded.p95))",
                "\(Self.micro(daemon.p50)) / \(Self.micro(daemon.p95))",
                String(format: "%.2f / %.2f", daemon.p50 / embedded.p50, daemon.p95 / embedded.p95),
                "≤ \(Self.micro(Self.bound(embedded.p50))) / \(Self.micro(Self.bound(embedded.p95)))",
                met ? "met" : "**missed**",
            ]
            return "| " + cells.joined(separator: " | ") + " |"
        case .throughput(let embedded, let daemon):
            let cells = [
                operation, Self.rate(embedded), Self.rate(daemon), String(format: "%.2f", daemon / embedded),
                "≥ \(Self.rate(0.8 * embedded))", met ? "met" : "**missed**",
            ]
            return "| " + cells.joined(separator: " | ") + " |"
        }
    }

    static let header = """
        | operation | embedded p50 / p95 | daemon p50 / p95 | daemon ÷ embedded | bound (1.3 × embedded + 50 µs) | |
        |---|---|---|---|---|---|
        """

    /// Microseconds below 10 ms, milliseconds above, to three significant figures or so.
    static func micro(_ value: Double) -> String {
        if value >= 10_000 { return String(format: "%.1f ms", value / 1000) }
        if value >= 100 { return String(format: "%.0f µs", value) }
        return String(format: "%.1f µs", value)
    }

    static func rate(_ perSecond: Double) -> String {
        perSecond >= 10_000 ? String(format: "%.0fk/s", perSecond / 1000) : String(format: "%.0f/s", perSecond)
    }
}

/// Runs each operation on both sides in alternating rounds, so drift in the shared machine's load falls on both.
struct Interleaved {
    let rounds: Int
    /// Only the operations whose names contain this run (for profiling one of them); nil: all.
    var only: String?

    private func skips(_ operation: String) -> Bool {
        only.map { !operation.contains($0) } ?? false
    }

    /// Per-call latencies: `perRound` calls a side a round, after `warmup` untimed calls a side. The body gets a
    /// running index, so successive calls ask for different contacts.
    /// `prepare` runs before each side's calls, untimed, with true for the embedded side.
    func latency(
        _ operation: String, perRound: Int, warmup: Int = 20, prepare: (Bool) -> Void = { _ in },
        embedded: (Int) throws -> Void, daemon: (Int) throws -> Void
    ) throws -> Comparison? {
        if skips(operation) { return nil }
        prepare(true)
        for index in 0..<warmup { try embedded(index) }
        prepare(false)
        for index in 0..<warmup { try daemon(index) }
        var embeddedSamples = Samples()
        var daemonSamples = Samples()
        let clock = ContinuousClock()
        var index = warmup
        for round in 0..<rounds {
            let order = round.isMultiple(of: 2) ? [true, false] : [false, true]
            for isEmbedded in order {
                let body = isEmbedded ? embedded : daemon
                prepare(isEmbedded)
                for offset in 0..<perRound {
                    let duration = try clock.measure { try body(index + offset) }
                    if isEmbedded { embeddedSamples.append(duration) } else { daemonSamples.append(duration) }
                }
            }
            index += perRound
        }
        return Comparison(operation: operation, figures: .latency(embedded: embeddedSamples, daemon: daemonSamples))
    }

    /// Throughput of a whole enumeration: the median over the rounds of items a second; the body returns how
    /// many items it went through.
    func throughput(_ operation: String, embedded: () throws -> Int, daemon: () throws -> Int) throws -> Comparison? {
        if skips(operation) { return nil }
        var embeddedRates: [Double] = []
        var daemonRates: [Double] = []
        let clock = ContinuousClock()
        for round in 0..<rounds {
            let order = round.isMultiple(of: 2) ? [true, false] : [false, true]
            for isEmbedded in order {
                var items = 0
                let duration = try clock.measure { items = try (isEmbedded ? embedded : daemon)() }
                let rate = Double(items) / (duration.microseconds / 1e6)
                if isEmbedded { embeddedRates.append(rate) } else { daemonRates.append(rate) }
            }
        }
        return Comparison(
            operation: operation, figures: .throughput(embedded: median(embeddedRates), daemon: median(daemonRates)))
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

import Benchmark

extension Benchmark {
    /// The indices of this sample's iterations, counting across samples (warm-up included).
    ///
    /// `scaledIterations` starts at 0 in every sample: indexing the queries with it ran the first query, one
    /// Latin prefix with the most hits, in every sample (until 2026-11-28), and the first phone number and
    /// identifier, always the same contact.
    public var sampleIndices: Range<Int> {
        let start = currentIteration &* scaledIterations.count
        return start..<(start &+ scaledIterations.count)
    }
}

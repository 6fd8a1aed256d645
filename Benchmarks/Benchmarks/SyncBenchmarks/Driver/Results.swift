import Foundation

/// Both sides' figures for one benchmark, round by round.
struct Results {
    var ours: [OursSide.Outcome] = []
    var vdirsyncer: [ChildProcess.Outcome] = []
    /// Radicale's processor time while serving each side.
    var serverCPU: [(ours: Double, vdirsyncer: Double)] = []

    mutating func add(_ sides: Sides) {
        ours.append(sides.ours)
        vdirsyncer.append(sides.vdirsyncer)
        serverCPU.append((sides.oursServerCPU, sides.vdirsyncerServerCPU))
    }

    static let header =
        Self.pad("", 44)
        + [
            "ours s", "(in sync)", "ours CPU", "vdirsyncer s", "its CPU", "ratio", "ours RSS", "its RSS",
        ].map { Self.pad($0, 13, right: true) }.joined()

    /// One round's figures.
    func line(_ label: String, index: Int, extra: String) -> String {
        let ours = ours[index]
        let theirs = vdirsyncer[index]
        return Self.row(
            label, ours: ours.process.seconds, inside: ours.inside, theirs: theirs.seconds,
            oursCPU: ours.process.cpuSeconds,
            theirCPU: theirs.cpuSeconds, oursKilobytes: ours.process.peakKilobytes, theirKilobytes: theirs.peakKilobytes
        )
            + String(format: "  Radicale CPU %.2f / %.2f s ", serverCPU[index].ours, serverCPU[index].vdirsyncer)
            + extra
    }

    /// The medians (and the largest peak RSS) of every round.
    func summary(_ label: String) -> String {
        guard !ours.isEmpty else { return "\(label): no rounds" }
        return Self.row(
            label, ours: Self.median(ours.map(\.process.seconds)), inside: Self.median(ours.map(\.inside)),
            theirs: Self.median(vdirsyncer.map(\.seconds)), oursCPU: Self.median(ours.map(\.process.cpuSeconds)),
            theirCPU: Self.median(vdirsyncer.map(\.cpuSeconds)),
            oursKilobytes: ours.map(\.process.peakKilobytes).max() ?? 0,
            theirKilobytes: vdirsyncer.map(\.peakKilobytes).max() ?? 0)
    }

    private static func row(
        _ label: String, ours: Double, inside: Double, theirs: Double, oursCPU: Double, theirCPU: Double,
        oursKilobytes: Int, theirKilobytes: Int
    ) -> String {
        pad(label, 44)
            + [
                String(format: "%.2f", ours), String(format: "%.2f", inside), String(format: "%.2f", oursCPU),
                String(format: "%.2f", theirs), String(format: "%.2f", theirCPU),
                String(format: "%.1fx", theirs / ours), "\(oursKilobytes / 1024) MB", "\(theirKilobytes / 1024) MB",
            ].map { pad($0, 13, right: true) }.joined()
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }

    /// Radicale's processor time while serving each side, medians.
    func serverSummary(_ label: String) -> String {
        "\(label): Radicale used "
            + String(
                format: "%.2f s CPU serving ours, %.2f s serving vdirsyncer", Self.median(serverCPU.map(\.ours)),
                Self.median(serverCPU.map(\.vdirsyncer)))
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}

/// One round: both sides' figures and what the server spent on each.
struct Sides {
    var ours: OursSide.Outcome
    var vdirsyncer: ChildProcess.Outcome
    var oursServerCPU: Double
    var vdirsyncerServerCPU: Double
}

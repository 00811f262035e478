/// What trail making shows: the board, targets still to reach in bold and those reached faint,
/// and a line with what is typed or that the last label was not the next one.
extension TrailMakingTask {
    /// Columns each place on the board takes.
    static let placeWidth = 6

    /// The frame now.
    public var frame: StimulusFrame {
        let columns = TrailMakingParameters.boardColumns
        var target: [Int: Int] = [:]
        for (i, place) in places.enumerated() { target[place] = i }
        var lines: [StimulusLine] = []
        for row in 0..<TrailMakingParameters.boardRows {
            let runs = (0..<columns).map { column -> StimulusRun in
                guard let i = target[row * columns + column] else {
                    return StimulusRun(String(repeating: " ", count: Self.placeWidth))
                }
                return StimulusRun(Self.centred(trail.labels[i]), ink: i < trail.reached ? .dim : .strong)
            }
            lines.append(StimulusLine(runs: runs))
        }
        if lastWasError {
            lines.append(StimulusLine("Not that one: type labels in order.", ink: .strong))
        } else {
            lines.append(StimulusLine("Typed: " + typed + "_", ink: .dim))
        }
        return StimulusFrame(lines: lines, status: status)
    }

    /// "Trail B · 4 of 13", after "Practice · " in practice.
    var status: String {
        let trailName = "Trail \(trail.part.rawValue) · \(trail.reached) of \(trail.labels.count)"
        return practice ? "Practice · " + trailName : trailName
    }

    /// `label` centred in a place.
    static func centred(_ label: String) -> String {
        let left = (placeWidth - label.count) / 2
        return String(repeating: " ", count: left) + label + String(repeating: " ", count: placeWidth - label.count - left)
    }
}

/// Reads the parameters of the keyboard active-task step types (`stroop`, `psat`, `spatialSpan`,
/// `trailmaking`, `towerOfHanoi`) from a step's JSON: every key is optional and falls back to the
/// documented default; a wrong type or a value outside the limits is an error at its JSON path.
struct ActiveTaskParameterDecoder {
    /// The step's JSON.
    let node: JSONNode

    /// A Stroop step's parameters; nil (with an error) when they are invalid.
    func stroop() -> StroopParameters? {
        var p = StroopParameters()
        if let n = node.int("numberOfAttempts") { p.numberOfAttempts = n }
        if let t = node.number("timeout") { p.timeout = t }
        if let t = node.number("interStimulusInterval") { p.interStimulusInterval = t }
        if let n = node.int("practiceAttempts") { p.practiceAttempts = n }
        if let raw = node.string("colourMode") ?? node.string("colorMode") {
            let spelled = raw == "color" ? "colour" : raw
            guard let mode = StroopParameters.ColourMode(rawValue: spelled) else {
                node.error("unknown colourMode \"\(raw)\"; use auto, colour or position", at: "colourMode")
                return nil
            }
            p.colourMode = mode
        }
        return checked(p, p.problem)
    }

    /// A PASAT step's parameters; nil (with an error) when they are invalid.
    func psat() -> PASATParameters? {
        var p = PASATParameters()
        if let mode = node.string("presentationMode"), mode != "visual" {
            node.error("only the visual presentationMode can run in a terminal", at: "presentationMode")
            return nil
        }
        if let t = node.number("interStimulusInterval") { p.interStimulusInterval = t }
        if let t = node.number("stimulusDuration") { p.stimulusDuration = t }
        if let n = node.int("seriesLength") { p.seriesLength = n }
        if let n = node.int("practiceLength") { p.practiceLength = n }
        return checked(p, p.problem)
    }

    /// A spatial span step's parameters; nil (with an error) when they are invalid.
    func spatialSpan() -> SpatialSpanParameters? {
        var p = SpatialSpanParameters()
        if let n = node.int("initialSpan") { p.rules.initialSpan = n }
        if let n = node.int("minimumSpan") { p.rules.minimumSpan = n }
        if let n = node.int("maximumSpan") { p.rules.maximumSpan = n }
        if let t = node.number("playSpeed") { p.rules.playSpeed = t }
        if let n = node.int("maximumTests") { p.rules.maximumTests = n }
        if let n = node.int("maximumConsecutiveFailures") { p.rules.maximumConsecutiveFailures = n }
        if let b = node.bool("requireReversal") { p.rules.requireReversal = b }
        if let n = node.int("columns") { p.columns = n }
        if let n = node.int("rows") { p.rows = n }
        if let n = node.int("practiceGames") { p.practiceGames = n }
        return checked(p, p.problem)
    }

    /// A trail making step's parameters; nil (with an error) when they are invalid.
    func trailMaking() -> TrailMakingParameters? {
        var p = TrailMakingParameters()
        if let raw = node.string("trailType") {
            guard let part = TrailMaking.Part(rawValue: raw.uppercased()) else {
                node.error("unknown trailType \"\(raw)\"; use A or B", at: "trailType")
                return nil
            }
            p.trailType = part
        }
        if let n = node.int("numberOfTargets") { p.numberOfTargets = n }
        if let n = node.int("practiceTargets") { p.practiceTargets = n }
        return checked(p, p.problem)
    }

    /// A Tower of Hanoi step's parameters; nil (with an error) when they are invalid.
    func towerOfHanoi() -> TowerOfHanoiParameters? {
        var p = TowerOfHanoiParameters()
        if let n = node.int("numberOfDisks") { p.numberOfDisks = n }
        if let t = node.number("timeLimit") { p.timeLimit = t }
        if let n = node.int("practiceDisks") { p.practiceDisks = n }
        return checked(p, p.problem)
    }

    private func checked<P>(_ parameters: P, _ problem: String?) -> P? {
        guard let problem else { return parameters }
        node.error(problem)
        return nil
    }
}

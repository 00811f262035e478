import Foundation

/// Timed task steps: `reactionTime`, `choiceReactionTime` and `twoKeyTapping`, with the
/// parameters every timed kind shares (`practice`, `spokenInstructions`, `untimedAlternative`,
/// `seed`, `minimumSize`) and each kind's own, defaulted from ResearchKit's task parameters.
extension SageStepDecoder {
    /// The timed step types and the names of their kinds.
    static let timedTypes: Set<String> = ["reactionTime", "choiceReactionTime", "twoKeyTapping"]

    /// Decodes a timed step of `type`; nil (with an error recorded) when it cannot be used.
    func decodeTimed(_ node: JSONNode, type: String) -> TimedStep? {
        let kind: TimedTaskKind?
        switch type {
        case "reactionTime", "choiceReactionTime": kind = decodeReactionTime(node, choice: type == "choiceReactionTime").map { TimedTaskKind.reactionTime($0) }
        case "twoKeyTapping": kind = decodeTapping(node).map { TimedTaskKind.tapping($0) }
        default: kind = nil
        }
        guard let kind else { return nil }
        var step = TimedStep(kind: kind, practice: node.bool("practice") ?? true,
                             spokenInstructions: decodeActive(node, isCountdown: false)?.spokenInstructions ?? [],
                             untimedAlternative: node.string("untimedAlternative").map { StepID($0) })
        if let seed = node.int("seed") { step.seed = UInt64(truncatingIfNeeded: seed) }
        if let size = node.object("minimumSize") {
            step.minimumWidth = max(20, size.int("width") ?? step.minimumWidth)
            step.minimumHeight = max(8, size.int("height") ?? step.minimumHeight)
        }
        return step
    }

    /// The reaction-time parameters; a choice task without `choices` gets LEFT/F and RIGHT/J.
    func decodeReactionTime(_ node: JSONNode, choice: Bool) -> ReactionTimeParameters? {
        var p = ReactionTimeParameters()
        p.numberOfAttempts = node.int("numberOfAttempts") ?? p.numberOfAttempts
        p.minimumStimulusInterval = node.number("minimumStimulusInterval") ?? p.minimumStimulusInterval
        p.maximumStimulusInterval = node.number("maximumStimulusInterval") ?? p.maximumStimulusInterval
        p.timeout = node.number("timeout") ?? p.timeout
        p.stimulus = node.string("stimulus") ?? p.stimulus
        p.responseKeys = node.strings("responseKeys")?.map(TimedKey.normalized) ?? p.responseKeys
        p.maximumRetries = node.int("maximumRetries") ?? p.maximumRetries
        p.practiceTrials = node.int("practiceTrials") ?? p.practiceTrials
        p.interTrialInterval = node.number("interTrialInterval") ?? p.interTrialInterval
        if choice {
            p.choices = (node.array("choices") ?? []).compactMap { item -> ReactionTimeParameters.Choice? in
                guard let stimulus = item.string("stimulus", required: true), let key = item.string("key", required: true) else { return nil }
                return ReactionTimeParameters.Choice(stimulus: stimulus, key: TimedKey.normalized(key))
            }
            if p.choices.isEmpty { p.choices = ReactionTimeParameters.defaultChoices }
            if Set(p.choices.map(\.key)).count != p.choices.count { node.error("each choice needs its own key", at: "choices") }
        }
        if p.numberOfAttempts < 1 { node.error("numberOfAttempts must be at least 1", at: "numberOfAttempts"); return nil }
        if p.minimumStimulusInterval <= 0 { node.error("minimumStimulusInterval must be above 0 s", at: "minimumStimulusInterval"); return nil }
        if p.maximumStimulusInterval < p.minimumStimulusInterval {
            node.error("maximumStimulusInterval must not be below minimumStimulusInterval", at: "maximumStimulusInterval")
            return nil
        }
        if p.timeout <= 0 { node.error("timeout must be above 0 s", at: "timeout"); return nil }
        if p.responseKeys.isEmpty { node.error("responseKeys must name a key", at: "responseKeys"); return nil }
        if p.maximumRetries < 0 || p.practiceTrials < 0 || p.interTrialInterval < 0 {
            node.error("maximumRetries, practiceTrials and interTrialInterval must not be negative")
            return nil
        }
        return p
    }

    /// The tapping parameters.
    func decodeTapping(_ node: JSONNode) -> TappingParameters? {
        var p = TappingParameters()
        p.duration = node.number("duration") ?? p.duration
        p.leftKey = node.string("leftKey").map(TimedKey.normalized) ?? p.leftKey
        p.rightKey = node.string("rightKey").map(TimedKey.normalized) ?? p.rightKey
        p.practiceDuration = node.number("practiceDuration") ?? p.practiceDuration
        if let raw = node.string("handOptions") {
            guard let hands = TappingParameters.Hands(rawValue: raw) else {
                node.error("handOptions must be left, right or both", at: "handOptions")
                return nil
            }
            p.hands = hands
        }
        if p.duration < 5 { node.error("duration must be at least 5 s (ResearchKit's minimum)", at: "duration"); return nil }
        if !TappingParameters.durationRange.contains(p.duration) {
            node.warning("two-key tapping is meant to last 10 to 20 s; this step lasts \(JSONValue.format(p.duration)) s", at: "duration")
        }
        if p.leftKey == p.rightKey { node.error("leftKey and rightKey must differ", at: "rightKey"); return nil }
        if p.practiceDuration < 0 { node.error("practiceDuration must not be negative", at: "practiceDuration"); return nil }
        return p
    }
}

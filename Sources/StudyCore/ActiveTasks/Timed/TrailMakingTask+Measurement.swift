/// What trail making reports, as ResearchKit's `ORKTrailmakingResult`: the time to finish, the
/// errors, and every label typed.
extension TrailMakingTask {
    /// Milliseconds from the board's onset to the last target (nil until the trail is done).
    public var completionTimeMs: Double? {
        guard trail.isComplete, let onset, let last = trail.taps.last else { return nil }
        return last.timeMs - (onset - origin).milliseconds
    }

    /// Targets, targets reached, errors, and the time to finish.
    public var summary: [MeasurementResult.Value] {
        [ActiveTaskValues.count("targets", trail.labels.count), ActiveTaskValues.count("reached", trail.reached),
         ActiveTaskValues.count("numberOfErrors", trail.errors), ActiveTaskValues.millis("timeMs", completionTimeMs),
         ActiveTaskValues.count("pauses", pauses),
         MeasurementResult.Value(identifier: "trailType", value: .string(trail.part.rawValue))]
    }

    /// One record per label typed: what was typed, what was expected, whether it was wrong.
    public var trialRecords: [JSONValue] {
        trail.taps.map { tap in
            .object(["label": .string(tap.label), "expected": .string(trail.labels[tap.index]), "index": .int(tap.index + 1),
                     "incorrect": .bool(tap.incorrect), "timeMs": ActiveTaskValues.ms(tap.timeMs)])
        }
    }

    /// How it was measured (typing changes the motor part of the test).
    public var note: String? {
        "Keyboard variant of trail making \(trail.part.rawValue): labels typed in order instead of drawn, which changes the motor component; time from the board's onset (its frame's terminal write returned) to the last label's key being read."
    }
}

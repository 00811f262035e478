import StudyCore

/// What the station program reads of its configuration: its name, plan, languages, timeouts, the
/// partial-answer policy and what follows a session. Made from a `KioskConfiguration`.
public struct KioskStation: Sendable, Equatable {
    /// The station's name, shown on welcome.
    public var name: String
    /// The tasks of one session.
    public var plan: [KioskPlanItem]
    /// The languages offered, the station's default first.
    public var languages: [String]
    /// Idle timeouts and the thank-you's time.
    public var timeouts: KioskTimeouts
    /// Keep or drop the answers of a session that ends early.
    public var partialAnswers: PartialAnswerPolicy
    /// Back to welcome, or exit, after a session.
    public var endOfSession: EndOfSession

    /// A station.
    public init(name: String, plan: [KioskPlanItem], languages: [String] = ["en"], timeouts: KioskTimeouts = KioskTimeouts(),
                partialAnswers: PartialAnswerPolicy = .keep, endOfSession: EndOfSession = .welcome) {
        (self.name, self.plan, self.languages, self.timeouts) = (name, plan, languages, timeouts)
        (self.partialAnswers, self.endOfSession) = (partialAnswers, endOfSession)
    }

    /// The station a configuration describes.
    public init(_ configuration: KioskConfiguration) {
        self.init(name: configuration.stationID, plan: configuration.sessionPlan, languages: configuration.languages,
                  timeouts: configuration.timeouts, partialAnswers: configuration.partialAnswers,
                  endOfSession: configuration.endOfSession)
    }
}

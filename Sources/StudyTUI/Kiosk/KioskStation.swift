import StudyCore

/// What the station program reads of its configuration: its name, plan, languages, timeouts, the
/// partial-answer policy, what follows a session, the identification and the consent. Made from a `KioskConfiguration`.
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
    /// How a participant is identified (the roster's identifiers included, in roster mode).
    public var identification = ParticipantIDCheck()
    /// The study whose consent each session shows after identification; nil shows none.
    public var consent: StudyDefinition?

    /// A station.
    public init(name: String, plan: [KioskPlanItem], languages: [String] = ["en"], timeouts: KioskTimeouts = KioskTimeouts(),
                partialAnswers: PartialAnswerPolicy = .keep, endOfSession: EndOfSession = .welcome,
                identification: ParticipantIDCheck = ParticipantIDCheck(), consent: StudyDefinition? = nil) {
        (self.name, self.plan, self.languages, self.timeouts) = (name, plan, languages, timeouts)
        (self.partialAnswers, self.endOfSession) = (partialAnswers, endOfSession)
        (self.identification, self.consent) = (identification, consent)
    }

    /// The station a configuration describes; `roster` is the roster file's content (roster mode),
    /// `study` the study whose consent shows when the configuration asks for it.
    public init(_ configuration: KioskConfiguration, roster: ParticipantRoster? = nil, study: StudyDefinition? = nil) {
        self.init(name: configuration.stationID, plan: configuration.sessionPlan, languages: configuration.languages,
                  timeouts: configuration.timeouts, partialAnswers: configuration.partialAnswers,
                  endOfSession: configuration.endOfSession,
                  identification: ParticipantIDCheck(mode: configuration.participantID, roster: roster),
                  consent: configuration.consent == .eachSession ? study : nil)
    }
}

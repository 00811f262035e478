import Foundation

/// A research study as the participant meets it: who runs it, what they agree to, and which tasks
/// to do when. Read from `study.json` (see `Resources/demo-study/README.md` for the format).
public struct StudyDefinition: Sendable, Equatable {
    /// The study identifier; stored with every enrollment, consent and result.
    public var identifier: String
    /// The definition's version; a reload decides whether anything changed by comparing it.
    public var version: String
    /// The study title.
    public var title: String
    /// What the study is for, in the participant's words (markdown subset).
    public var purpose: String
    /// The consent document.
    public var consent: ConsentDocument
    /// Who to contact about the study.
    public var contact: StudyContact
    /// Statements the participant must acknowledge one by one before agreeing.
    public var notices: [StudyNotice]
    /// Shown when the study ends or the participant leaves.
    public var finishText: String?
    /// Messages from the study team, delivered to the inbox on a study day.
    public var messages: [StudyMessage]
    /// The tasks, in the order the dashboard lists them.
    public var tasks: [StudyTask]
    /// Where the definition was read from (the `study.json` file).
    public var location: URL?

    /// A definition from its parts.
    public init(identifier: String, version: String, title: String, purpose: String, consent: ConsentDocument,
                contact: StudyContact = StudyContact(), notices: [StudyNotice] = [], finishText: String? = nil,
                messages: [StudyMessage] = [], tasks: [StudyTask], location: URL? = nil) {
        self.identifier = identifier
        self.version = version
        self.title = title
        self.purpose = purpose
        self.consent = consent
        self.contact = contact
        self.notices = notices
        self.finishText = finishText
        self.messages = messages
        self.tasks = tasks
        self.location = location
    }

    /// The task with this identifier.
    public func task(_ identifier: String) -> StudyTask? {
        tasks.first { $0.identifier == identifier }
    }

    /// The tasks the participant sees (not hidden).
    public var visibleTasks: [StudyTask] { tasks.filter { !$0.hidden } }

    /// The exact text the consent screen shows and whose SHA-256 is recorded: the consent
    /// document's source followed by each notice, separated by blank lines.
    public var consentTextShown: String {
        ([consent.text] + notices.map(\.text)).joined(separator: "\n\n")
    }
}

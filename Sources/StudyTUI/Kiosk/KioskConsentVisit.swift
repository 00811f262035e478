import Foundation
import StudyCore

/// The study's consent showing in a kiosk session: the journey's consent screen (scroll, tick
/// each notice, agree or decline) for the station's study.
public struct KioskConsentVisit: Sendable, Equatable {
    /// The consent screen.
    var screen: ConsentScreen

    /// The consent of `study`, nothing acknowledged yet.
    init(study: StudyDefinition) {
        screen = ConsentScreen(.joining(StudyInvitation(definition: study, address: nil, token: nil)))
    }

    /// Whether the agreement is being stored.
    public var recording: Bool { screen.busy != nil }
}

@testable import StudyTUI

/// What tests read of the journey's destination: the screen of each kind, when it shows.
extension JourneyProgram {
    var settings: SettingsScreen? { if case .settings(let s, _) = destination { s } else { nil } }
    var inbox: InboxScreen? { if case .inbox(let i, _) = destination { i } else { nil } }
    var dashboard: DashboardScreen? { destination.dashboard }
    var farewell: FarewellScreen? { if case .farewell(let f) = destination { f } else { nil } }
    var taskVisit: TaskVisit? { if case .task(let v) = destination { v } else { nil } }
    var consent: ConsentScreen? {
        switch destination {
        case .joining(let c), .renewingConsent(let c, _): c
        default: nil
        }
    }
}

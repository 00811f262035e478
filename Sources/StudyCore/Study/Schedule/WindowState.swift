import Foundation

/// Where a task window stands for the participant.
public enum WindowState: String, Sendable, Equatable, CaseIterable {
    /// It opens later.
    case upcoming
    /// It is open now and the task is not done in it.
    case open
    /// The task was completed in it.
    case done
    /// It closed without the task being done.
    case missed
    /// A repeating schedule whose last window has passed.
    case ended

    /// The word the dashboard shows.
    public var label: String {
        switch self {
        case .upcoming: "upcoming"
        case .open: "open now"
        case .done: "done"
        case .missed: "missed"
        case .ended: "ended"
        }
    }
}

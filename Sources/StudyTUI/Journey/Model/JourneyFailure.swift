import Foundation
import StudyCore

/// Why a step of the journey failed, by what failed; each reads as one clear sentence.
public enum JourneyFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// Looking up or joining the study failed.
    case signUp(SignUpError)
    /// The study's definition could not be fetched again.
    case fetch(StudyFetchError)
    /// The data on this computer could not be read or written: the store's words.
    case storage(String)
    /// A task of the study cannot be loaded.
    case taskCannotLoad(task: String, reason: String)
    /// An unfinished task cannot be resumed.
    case taskCannotResume(task: String, reason: String)
    /// The work was cancelled (the participant left the screen that asked for it).
    case cancelled
    /// The export folder typed does not exist (the folder it goes in does): made only when asked.
    case folderMissing(String)

    /// The failure an error stands for: a sign-up or fetch error as itself, anything else the
    /// store threw as its words.
    public init(_ error: any Error) {
        switch error {
        case let failure as JourneyFailure: self = failure
        case let error as SignUpError: self = .signUp(error)
        case let error as StudyFetchError: self = .fetch(error)
        case is CancellationError: self = .cancelled
        default: self = .storage(String(describing: error))
        }
    }

    /// One or two sentences for the participant.
    public var message: String { description }

    /// One or two sentences for the participant.
    public var description: String {
        switch self {
        case .signUp(let error): error.description
        case .fetch(let error): error.description
        case .storage(let words): words
        case .taskCannotLoad(let task, let reason): "\(task) cannot be loaded: \(reason)"
        case .taskCannotResume(let task, let reason): "Your unfinished \(task) cannot be resumed: \(reason)"
        case .cancelled: "Stopped."
        case .folderMissing(let folder): "The folder \(folder) does not exist."
        }
    }
}

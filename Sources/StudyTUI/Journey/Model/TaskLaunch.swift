import Foundation
import StudyCore

/// What the journey hands to the task screen when the participant starts or resumes a task.
///
/// On the full screen the journey asks its services to start it (``JourneyServices/startTask``: a
/// new run, or ``resume``'s snapshot restored with the same run UUID) and shows its screen in the
/// same loop. Line mode asks it in line prompts inside the same session (``JourneyLineSession``).
public struct TaskLaunch: Sendable, Equatable {
    /// The study identifier.
    public var studyID: String
    /// The study definition version in force.
    public var studyVersion: String
    /// The task: its identifier, title and task file (`sourceURL`).
    public var task: StudyTask
    /// The schedule window the run belongs to (stored with the run and its result).
    public var window: TaskWindow?
    /// The unfinished run to resume, with its snapshot; nil starts a new run.
    public var resume: OpenRun?

    /// A launch.
    public init(studyID: String, studyVersion: String, task: StudyTask, window: TaskWindow?, resume: OpenRun?) {
        self.studyID = studyID
        self.studyVersion = studyVersion
        self.task = task
        self.window = window
        self.resume = resume
    }
}

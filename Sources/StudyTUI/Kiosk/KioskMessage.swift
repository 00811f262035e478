import Foundation
import StudyCore
import TUIKit

/// What can happen to a study station's program.
public enum KioskMessage: Sendable {
    /// A key outside a task (welcome, the language chooser, the thank-you).
    case keyPressed(Key)
    /// The terminal changed size.
    case resized(Size)
    /// A signal arrived (SIGTERM, SIGHUP): the session ends `interrupted` and the program stops.
    case signalled(TerminalSignal)
    /// A message for the task screen showing.
    case task(TaskScreen.Message)
    /// The session was begun in the store (the withdrawal code), or could not be.
    case sessionBegan(Result<String, JourneyFailure>)
    /// The plan's task is ready to show, or could not be prepared.
    case taskStarted(Result<TaskStart, JourneyFailure>)
    /// The finished task was recorded (or not).
    case taskRecorded(Result<FinishReason, JourneyFailure>)
    /// The session's end was stored (or could not be).
    case sessionEnded(Result<Void, JourneyFailure>, KioskSessionEndReason)
    /// The idle timer of the screen showing fired (generation: older screens' timers are ignored).
    case idleTicked(generation: Int)
    /// The thank-you's time is over.
    case thankYouElapsed
    /// The admin PIN was checked.
    case adminChecked(KioskAdminCheck)
    /// The admin prompt or menu had no key for ``KioskProgram/adminIdleSeconds``: back to welcome.
    case adminIdle
    /// An admin action's outcome.
    case admin(KioskAdminMessage)
    /// A key on the identification screen, with the time it was read (a scanner's burst is told by it).
    case identifyKeyPressed(Key, at: Duration)
    /// The participant's consent was stored (or could not be).
    case consentRecorded(Result<Void, JourneyFailure>)
    /// The line face's answer to the consent: agreed, or declined.
    case consentAnswered(agreed: Bool)
}

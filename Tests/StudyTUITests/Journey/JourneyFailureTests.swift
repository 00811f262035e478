import Foundation
import StudyCore
import Testing
@testable import StudyTUI

/// A journey failure says what failed, as a case, and reads as the participant's sentence.
@Suite struct JourneyFailureTests {
    struct DiskError: Error, CustomStringConvertible { var description: String { "the disk is full" } }

    @Test func errorsBecomeTheCaseOfWhatFailed() {
        #expect(JourneyFailure(SignUpError.tokenNotRecognised) == .signUp(.tokenNotRecognised))
        #expect(JourneyFailure(StudyFetchError.refused("no")) == .fetch(.refused("no")))
        #expect(JourneyFailure(CancellationError()) == .cancelled)
        #expect(JourneyFailure(DiskError()) == .storage("the disk is full"))
        #expect(JourneyFailure(JourneyFailure.taskCannotLoad(task: "Walk", reason: "x")) == .taskCannotLoad(task: "Walk", reason: "x"))
    }

    @Test func eachCaseReadsAsASentence() {
        #expect(JourneyFailure.signUp(.tokenNotRecognised).message == SignUpError.tokenNotRecognised.description)
        #expect(JourneyFailure.taskCannotResume(task: "Check-in", reason: "its file changed").message
                == "Your unfinished Check-in cannot be resumed: its file changed")
        #expect(JourneyFailure.fetch(.unreachable(address: "/s", reason: "there is no such folder")).message
                == "The study at /s cannot be reached: there is no such folder.")
    }
}

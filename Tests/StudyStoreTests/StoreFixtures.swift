import Foundation
import StudyCore
@testable import StudyStore

/// Fixed times (whole seconds, so they survive the database's millisecond dates unchanged).
enum T {
    static let base = Date(timeIntervalSince1970: 1_780_000_000)
    static func at(_ seconds: TimeInterval) -> Date { base.addingTimeInterval(seconds) }
}

/// Builders for the values tests store.
enum StoreFixtures {
    /// An in-memory store with a current enrollment in study "s1".
    static func enrolledStore(participant: String = "P-12") throws -> StudyStore {
        let store = try StudyStore.inMemory(appVersion: "1.2.3")
        try store.enroll(Enrollment(studyID: "s1", studyVersion: "v7", participantID: participant,
                                    baseURL: "https://example.org/api", registrationToken: "ABCD2345", enrolledAt: T.at(0)))
        return store
    }

    /// A finished result for `runID`: one plain answer with a comma and quotes, one integer, one form field.
    static func result(runID: UUID, taskID: String = "mood", reason: FinishReason? = .completed) -> TaskResult {
        var root = BranchResult(identifier: taskID, startDate: T.at(100), endDate: T.at(160))
        root.appendStepHistory(.base(BaseResult(identifier: "intro", startDate: T.at(100), endDate: T.at(101))), direction: .forward)
        root.appendStepHistory(.answer(AnswerResult(identifier: "feeling", startDate: T.at(101), endDate: T.at(110),
            answerType: AnswerType(.string), value: "good, \"very\"")), direction: .forward)
        root.appendStepHistory(.answer(AnswerResult(identifier: "score", startDate: T.at(110), endDate: T.at(120),
            answerType: AnswerType(.integer), value: 7)), direction: .forward)
        root.appendStepHistory(.collection(CollectionResult(identifier: "sleep", startDate: T.at(120), endDate: T.at(150), children: [
            .answer(AnswerResult(identifier: "hours", startDate: T.at(121), endDate: T.at(130), answerType: AnswerType(.number), value: 7.5)),
        ])), direction: .forward)
        return TaskResult(root: root, taskRunUUID: runID, versionString: "3", finishReason: reason)
    }

    /// A restoration snapshot as the task run would write it.
    static func snapshot(step: String, answers: Int) -> JSONValue {
        ["step": .string(step), "answers": .array((0..<answers).map { .int($0) })]
    }
}

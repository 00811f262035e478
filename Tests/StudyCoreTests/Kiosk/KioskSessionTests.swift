import Foundation
import Testing
@testable import StudyCore

@Suite("A kiosk session")
struct KioskSessionTests {
    let plan = [
        KioskPlanItem(task: "mood"),
        KioskPlanItem(task: "sleep", condition: .answerEquals(task: "mood", step: "tired", value: .bool(true))),
        KioskPlanItem(task: "followUp", condition: .completed(task: "sleep")),
    ]

    func outcome(_ task: String, completed: Bool = true, _ answers: [String: JSONValue] = [:]) -> KioskSession.TaskOutcome {
        KioskSession.TaskOutcome(task: task, runID: UUID(), completed: completed, answers: answers)
    }

    @Test("chooses a language first when several are offered, and only one of them")
    func language() {
        var session = KioskSession(plan: plan, languages: ["en", "de", "fr"])
        #expect(session.stage == .language && session.language == "en")
        session.chooseLanguage("es")
        #expect(session.stage == .language)
        session.chooseLanguage("de")
        #expect(session.stage == .identification && session.language == "de")
        #expect(KioskSession(plan: plan, languages: ["en"]).stage == .identification)
    }

    @Test("runs the plan's tasks in order, each only when its condition holds")
    func runsThePlan() {
        var tired = KioskSession(plan: plan, languages: ["en"])
        tired.identified()
        #expect(tired.currentTask == "mood")
        tired.taskEnded(outcome("mood", ["tired": .bool(true)]))
        #expect(tired.currentTask == "sleep")
        tired.taskEnded(outcome("sleep"))
        #expect(tired.currentTask == "followUp")
        tired.taskEnded(outcome("followUp"))
        #expect(tired.stage == .thankYou && tired.endReason == .completed)

        var rested = KioskSession(plan: plan, languages: ["en"])
        rested.identified()
        rested.taskEnded(outcome("mood", ["tired": .bool(false)]))
        #expect(rested.stage == .thankYou, "sleep skipped, so followUp's condition fails too")
        #expect(rested.outcomes.map(\.task) == ["mood"])
    }

    @Test("ends exactly once, whatever comes after")
    func endsOnce() {
        var session = KioskSession(plan: plan, languages: ["en"])
        session.identified()
        let ends = [session.end(.timedOut), session.end(.interrupted), session.end(.endedByStaff)]
        #expect(ends == [true, false, false])
        session.taskEnded(outcome("mood"))
        #expect(session.endReason == .timedOut && session.stage == .ended && session.outcomes.isEmpty)
    }

    @Test("a completed session cannot be ended again by a timeout on its thank-you")
    func completedStaysCompleted() {
        var session = KioskSession(plan: [KioskPlanItem(task: "mood")], languages: ["en"])
        session.identified()
        session.taskEnded(outcome("mood"))
        let again = session.end(.timedOut)
        #expect(!again)
        #expect(session.endReason == .completed && session.stage == .thankYou)
        var fresh = KioskSession(plan: plan, languages: ["en"])
        let fromOutside = fresh.end(.completed)
        #expect(!fromOutside, "completion comes from the plan, not from outside")
    }

    @Test("ignores a task ending that is not the one running")
    func strayEnding() {
        var session = KioskSession(plan: plan, languages: ["en"])
        session.taskEnded(outcome("mood"))
        #expect(session.stage == .identification)
        session.identified()
        session.taskEnded(outcome("sleep"))
        #expect(session.currentTask == "mood" && session.outcomes.isEmpty)
    }
}

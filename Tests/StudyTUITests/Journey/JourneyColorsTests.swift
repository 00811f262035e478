import Foundation
import StudyCore
import StudyTUI
import Testing

/// The journey tells the tasks it starts whether the terminal shows colours (issue 25: a Stroop
/// step without colour must be position-coded and say so).
@Suite struct JourneyColorsTests {
    /// Services whose tasks start with an environment in colour (or not, as `colors` says).
    func services(colors: Bool) -> JourneyServices {
        var services = FakeJourneyStore(now: Date(timeIntervalSince1970: 1_790_000_000)).services(server: ScriptedServer([]))
        services.startTask = { _ in
            let task = TaskDefinition(identifier: "t", steps: StepList(steps: []))
            var environment = TaskEnvironment(now: { Date() }, uptime: { 0 })
            environment.colorsAvailable = colors
            return .success(TaskStart(run: TaskRun(task: task, now: Date()), environment: environment, finish: { _ in .success(.completed) }))
        }
        return services
    }

    /// Whether a task started through `services` gets colours.
    func startsInColour(_ services: JourneyServices) throws -> Bool {
        let study = StudyTask(identifier: "t", title: "T", source: "t.json", sourceURL: URL(fileURLWithPath: "/t.json"),
                              schedule: .daily(RepeatingSchedule(time: TimeOfDay(hour: 9), hours: 12)))
        let launch = TaskLaunch(studyID: "s", studyVersion: "1", task: study, window: nil, resume: nil)
        return try services.startTask(launch).get().environment.colorsAvailable
    }

    @Test func aMonochromeTerminalReachesEveryTaskStarted() throws {
        #expect(try startsInColour(services(colors: true).showingColors(true)))
        #expect(try !startsInColour(services(colors: true).showingColors(false)))
        #expect(try !startsInColour(services(colors: false).showingColors(true)), "NO_COLOR stays in force on a colour terminal")
    }
}

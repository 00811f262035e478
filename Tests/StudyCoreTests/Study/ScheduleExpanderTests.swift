import Foundation
import StudyCore
import Testing

/// Expanding schedules into windows relative to the enrollment day, and their states.
@Suite struct ScheduleExpanderTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    /// A wall-clock time in Berlin.
    static func at(_ day: Int, _ hour: Int, _ minute: Int = 0, month: Int = 3) -> Date {
        var c = DateComponents(year: 2026, month: month, day: day, hour: hour, minute: minute)
        c.timeZone = berlin
        return Calendar(identifier: .gregorian).date(from: c)!
    }

    /// Enrolled on Friday 27 March 2026 at 15:30 Berlin time (clocks go forward on the 29th).
    let expander = ScheduleExpander(enrolledAt: at(27, 15, 30), timeZone: berlin)

    static func task(_ id: String, _ schedule: TaskSchedule, hidden: Bool = false) -> StudyTask {
        StudyTask(identifier: id, title: id, source: "\(id).json", sourceURL: URL(fileURLWithPath: "/\(id).json"),
                  schedule: schedule, hidden: hidden)
    }

    let daily = task("daily", .daily(RepeatingSchedule(time: TimeOfDay(hour: 8), hours: 4, fromDay: 2, toDay: 5)))
    let weekly = task("weekly", .weekly(RepeatingSchedule(time: TimeOfDay(hour: 18), hours: 6)))
    let anytime = task("anytime", .once(OnceSchedule()))
    let onceLater = task("later", .once(OnceSchedule(day: 3, time: TimeOfDay(hour: 12), hours: 2)))

    @Test func studyDaysCountCalendarDaysFromEnrollment() {
        #expect(expander.studyDay(of: Self.at(27, 23, 59)) == 1)
        #expect(expander.studyDay(of: Self.at(28, 0, 0)) == 2)
        #expect(expander.studyDay(of: Self.at(30, 12)) == 4)
        #expect(expander.start(ofDay: 3) == Self.at(29, 0))
    }

    @Test func dailyWindowsKeepTheirWallClockTimeAcrossDaylightSaving() {
        let windows = expander.windows(of: daily.schedule, from: Self.at(27, 0), to: Self.at(2, 0, month: 4))
        #expect(windows.map(\.start) == [Self.at(28, 8), Self.at(29, 8), Self.at(30, 8), Self.at(31, 8)])
        #expect(windows.allSatisfy { $0.end == $0.start.addingTimeInterval(4 * 3600) })
    }

    @Test func weeklyWindowsRepeatEverySeventhStudyDay() {
        let windows = expander.windows(of: weekly.schedule, from: Self.at(27, 0), to: Self.at(11, 0, month: 4))
        #expect(windows.map(\.start) == [Self.at(27, 18), Self.at(3, 18, month: 4), Self.at(10, 18, month: 4)])
    }

    @Test func statesFollowTheClockAndTheCompletedRuns() {
        let window = expander.window(of: daily.schedule, onDay: 2)!
        let none = StudyProgress()
        #expect(expander.state(of: window, task: daily, now: Self.at(28, 7), progress: none) == .upcoming)
        #expect(expander.state(of: window, task: daily, now: Self.at(28, 8), progress: none) == .open)
        #expect(expander.state(of: window, task: daily, now: Self.at(28, 12), progress: none) == .missed)
        let done = StudyProgress(recentCompletions: [TaskCompletion(taskID: "daily", windowStart: window.start, finishedAt: Self.at(28, 9))])
        #expect(expander.state(of: window, task: daily, now: Self.at(28, 9), progress: done) == .done)
        let unscheduled = StudyProgress(recentCompletions: [TaskCompletion(taskID: "daily", windowStart: nil, finishedAt: Self.at(28, 11))])
        #expect(expander.state(of: window, task: daily, now: Self.at(28, 13), progress: unscheduled) == .done)
    }

    @Test func windowsThatClosedBeforeEnrollmentAreNeverMissed() {
        // Enrolled at 15:30 on day 1: the morning window and a once window at noon closed before.
        let morning = Self.task("morning", .daily(RepeatingSchedule(time: TimeOfDay(hour: 8), hours: 4, fromDay: 1, toDay: 5)))
        let noon = Self.task("noon", .once(OnceSchedule(day: 1, time: TimeOfDay(hour: 12), hours: 2)))
        let evening = Self.task("evening", .daily(RepeatingSchedule(time: TimeOfDay(hour: 14), hours: 4, fromDay: 1)))
        let agenda = expander.agenda(for: [morning, noon, evening], now: Self.at(27, 16), progress: StudyProgress())
        #expect(agenda.map(\.task.identifier) == ["morning", "noon", "evening"])
        #expect(!agenda.contains { $0.state == .missed }, "\(agenda.map(\.state))")
        #expect(agenda[0].state == .upcoming && agenda[0].window?.start == Self.at(28, 8))
        #expect(agenda[1].state == .ended && agenda[1].window == nil)
        #expect(agenda[2].state == .open, "a window still open at enrollment is the participant's")
        #expect(expander.windows(of: morning.schedule, from: Self.at(27, 0), to: Self.at(28, 0)).isEmpty)
        // The next day, a window that closed after enrollment is missed as usual.
        #expect(expander.agenda(for: [morning], now: Self.at(28, 13), progress: StudyProgress())[0].state == .missed)
    }

    @Test func theAgendaShowsTodaysWindowsAndOtherwiseTheNextOne() {
        let tasks = [daily, weekly, anytime, onceLater, Self.task("hidden", .once(OnceSchedule()), hidden: true)]
        let agenda = expander.agenda(for: tasks, now: Self.at(27, 16), progress: StudyProgress())
        #expect(agenda.map(\.task.identifier) == ["daily", "weekly", "anytime", "later"])
        #expect(agenda.map(\.state) == [.upcoming, .upcoming, .open, .upcoming])
        #expect(agenda.map(\.isToday) == [false, true, true, false])
        #expect(agenda[0].window?.start == Self.at(28, 8))
        #expect(agenda.filter(\.canStart).map(\.task.identifier) == ["anytime"])
    }

    @Test func aOnceTaskIsDoneByAnyCompletedRunAndARepeatingOneEnds() {
        let progress = StudyProgress(completedCounts: ["anytime": 1])
        let agenda = expander.agenda(for: [anytime, daily], now: Self.at(3, 10, month: 4), progress: progress)
        #expect(agenda.map(\.state) == [.done, .ended])
        #expect(agenda[1].window == nil)
    }

    @Test func nextChangeIsTheSoonestOpeningOrClosing() {
        #expect(expander.nextChange(for: [daily, weekly], after: Self.at(27, 16)) == Self.at(27, 18))
        #expect(expander.nextChange(for: [daily], after: Self.at(28, 9)) == Self.at(28, 12))
    }

    @Test func studyMessagesAreDueFromTheirDay() {
        let messages = [StudyMessage(identifier: "a", day: 1, title: "A", text: "a"), StudyMessage(identifier: "b", day: 3, title: "B", text: "b")]
        #expect(expander.dueMessages(messages, now: Self.at(28, 12)).map(\.identifier) == ["a"])
        #expect(expander.dueMessages(messages, now: Self.at(29, 0)).map(\.identifier) == ["a", "b"])
    }

    @Test func summariesDescribeTheSchedule() {
        #expect(daily.schedule.summary == "daily 08:00–12:00")
        #expect(anytime.schedule.summary == "once, any time")
        #expect(onceLater.schedule.summary == "once on day 3, 12:00–14:00")
        #expect(TaskSchedule.daily(RepeatingSchedule(time: .midnight, hours: 24)).summary == "daily all day")
    }
}

extension ScheduleExpanderTests {
    @Test func completionsAreNeededBackToTheOldestWindowOpenToday() {
        let long = Self.task("long", .weekly(RepeatingSchedule(time: TimeOfDay(hour: 9), hours: 120)))
        #expect(expander.completionsNeeded(for: [daily], at: Self.at(30, 12)) == Self.at(29, 0))
        #expect(expander.completionsNeeded(for: [daily, long], at: Self.at(30, 12)) == Self.at(27, 9))
    }
}

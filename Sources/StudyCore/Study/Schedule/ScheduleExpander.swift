import Foundation

/// Turns task schedules into concrete windows for one participant: pure, given the enrollment
/// date and a time zone. Study day 1 is the calendar day of enrollment in that time zone.
public struct ScheduleExpander: Sendable {
    /// When the participant enrolled.
    public let enrolledAt: Date
    /// The participant's time zone; times of day are wall-clock times in it.
    public let timeZone: TimeZone
    private let calendar: Calendar

    /// An expander for a participant who enrolled at `enrolledAt`.
    public init(enrolledAt: Date, timeZone: TimeZone) {
        self.enrolledAt = enrolledAt
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// Midnight starting study day `day` (1 is the enrollment day).
    public func start(ofDay day: Int) -> Date {
        let first = calendar.startOfDay(for: enrolledAt)
        return calendar.date(byAdding: .day, value: day - 1, to: first) ?? first
    }

    /// The study day `date` falls on (1 is the enrollment day; earlier dates give 0 or less).
    public func studyDay(of date: Date) -> Int {
        let from = calendar.startOfDay(for: enrolledAt), to = calendar.startOfDay(for: date)
        return (calendar.dateComponents([.day], from: from, to: to).day ?? 0) + 1
    }

    /// The window a schedule opens on study day `day`, if it opens one that day for this participant:
    /// a window that closed before the enrollment was never theirs (never missed, never shown).
    public func window(of schedule: TaskSchedule, onDay day: Int) -> TaskWindow? {
        let window: TaskWindow
        switch schedule {
        case .once(let once):
            guard day == once.day else { return nil }
            window = makeWindow(day: day, time: once.time, hours: once.hours)
        case .daily(let r), .weekly(let r):
            guard day >= r.fromDay, r.toDay.map({ day <= $0 }) ?? true,
                  (day - r.fromDay) % (schedule.intervalDays ?? 1) == 0 else { return nil }
            window = makeWindow(day: day, time: r.time, hours: r.hours)
        }
        if let end = window.end, end <= enrolledAt { return nil }
        return window
    }

    /// Every window of `schedule` that shares time with `[from, to)`, earliest first.
    public func windows(of schedule: TaskSchedule, from: Date, to: Date) -> [TaskWindow] {
        let spanDays: Int
        switch schedule {
        case .once(let once): return window(of: schedule, onDay: once.day).map { $0.overlaps(from: from, to: to) ? [$0] : [] } ?? []
        case .daily(let r), .weekly(let r): spanDays = Int((r.hours / 24).rounded(.up))
        }
        let first = studyDay(of: from) - spanDays, last = studyDay(of: to)
        guard first <= last else { return [] }
        return (first...last).compactMap { window(of: schedule, onDay: $0) }.filter { $0.overlaps(from: from, to: to) }
    }

    /// The first window of `schedule` that opens after `date`, looking at most `horizonDays` ahead.
    public func nextWindow(of schedule: TaskSchedule, after date: Date, horizonDays: Int = 400) -> TaskWindow? {
        let today = studyDay(of: date)
        for day in max(today, 1)...(max(today, 1) + horizonDays) {
            if let w = window(of: schedule, onDay: day), w.start > date { return w }
            if case .once(let once) = schedule, day >= once.day { return nil }
            if case .daily(let r) = schedule, let end = r.toDay, day > end { return nil }
            if case .weekly(let r) = schedule, let end = r.toDay, day > end { return nil }
        }
        return nil
    }

    /// The participant's day at `now`: one item per window of a visible task that overlaps today;
    /// a task with none today shows its single window (once) or its next one (repeating).
    public func agenda(for tasks: [StudyTask], now: Date, progress: StudyProgress) -> [AgendaItem] {
        let dayStart = calendar.startOfDay(for: now)
        let dayEnd = calendar.date(byAdding: .day, value: 1, to: dayStart) ?? dayStart.addingTimeInterval(86_400)
        var items: [AgendaItem] = []
        for task in tasks where !task.hidden {
            let today = windows(of: task.schedule, from: dayStart, to: dayEnd)
            if !today.isEmpty {
                items += today.map { AgendaItem(task: task, window: $0, state: state(of: $0, task: task, now: now, progress: progress), isToday: true) }
            } else if case .once(let once) = task.schedule, let w = window(of: task.schedule, onDay: once.day) {
                items.append(AgendaItem(task: task, window: w, state: state(of: w, task: task, now: now, progress: progress),
                                        isToday: w.overlaps(from: dayStart, to: dayEnd)))
            } else if let next = nextWindow(of: task.schedule, after: now) {
                items.append(AgendaItem(task: task, window: next, state: .upcoming, isToday: false))
            } else {
                items.append(AgendaItem(task: task, window: nil, state: .ended, isToday: false))
            }
        }
        return items
    }

    /// Where `window` of `task` stands at `now`, given the completed runs.
    public func state(of window: TaskWindow, task: StudyTask, now: Date, progress: StudyProgress) -> WindowState {
        if isDone(window, task: task, progress: progress) { return .done }
        if now < window.start { return .upcoming }
        return window.contains(now) ? .open : .missed
    }

    /// The soonest moment after `now` when some window of `tasks` opens or closes (for timers).
    public func nextChange(for tasks: [StudyTask], after now: Date) -> Date? {
        var candidates: [Date] = []
        let dayStart = calendar.startOfDay(for: now)
        for task in tasks where !task.hidden {
            let around = windows(of: task.schedule, from: dayStart, to: now.addingTimeInterval(86_400 * 2))
            for w in around { candidates += [w.start, w.end].compactMap { $0 }.filter { $0 > now } }
            if let next = nextWindow(of: task.schedule, after: now) { candidates.append(next.start) }
        }
        return candidates.min()
    }

    /// The study messages due by `now` (their study day has come).
    public func dueMessages(_ messages: [StudyMessage], now: Date) -> [StudyMessage] {
        let today = studyDay(of: now)
        return messages.filter { $0.day <= today }
    }

    /// True when a completed run belongs to `window`: started in it, or (without a window) finished in it.
    /// A once task is done by any completed run.
    private func isDone(_ window: TaskWindow, task: StudyTask, progress: StudyProgress) -> Bool {
        if case .once = task.schedule, (progress.completedCounts[task.identifier] ?? 0) > 0 { return true }
        return progress.recentCompletions.contains { c in
            guard c.taskID == task.identifier else { return false }
            if let start = c.windowStart { return window.startsWith(start) }
            return window.contains(c.finishedAt)
        }
    }

    /// A window opening at `time` on study day `day`, lasting `hours` (nil: open-ended).
    private func makeWindow(day: Int, time: TimeOfDay, hours: Double?) -> TaskWindow {
        let midnight = start(ofDay: day)
        let start = calendar.date(bySettingHour: time.hour, minute: time.minute, second: 0, of: midnight)
            ?? midnight.addingTimeInterval(Double(time.minutesSinceMidnight) * 60)
        return TaskWindow(start: start, end: hours.map { start.addingTimeInterval($0 * 3600) })
    }
}

extension ScheduleExpander {
    /// How far back completed runs matter at `now`: the start of yesterday, or earlier when one of
    /// today's windows opened before that (a long weekly window).
    public func completionsNeeded(for tasks: [StudyTask], at now: Date) -> Date {
        let today = studyDay(of: now)
        let dayStart = start(ofDay: today), dayEnd = start(ofDay: today + 1)
        let starts = tasks.flatMap { windows(of: $0.schedule, from: dayStart, to: dayEnd).map(\.start) }
        return ([start(ofDay: today - 1)] + starts).min() ?? dayStart
    }
}

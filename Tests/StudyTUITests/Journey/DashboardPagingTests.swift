import Foundation
import StudyCore
import Testing
import TUIKit
@testable import StudyTUI

/// A long dashboard is paged, not walked (issue 15, point 13): PgDn and PgUp move by the rows the
/// list shows, Home and End go to the ends, and the selected line stays on screen.
@Suite struct DashboardPagingTests {
    private func dashboard(tasks count: Int) throws -> DashboardScreen {
        var definition = try JourneyFixture.demo()
        let template = definition.tasks[0]
        definition.tasks = (0..<count).map { i in
            var task = template
            task.identifier = "task-\(i)"
            task.title = "Task \(i)"
            return task
        }
        let session = StudySession(membership: StudyMembership(studyID: definition.identifier, studyVersion: definition.version,
                                                               enrolledAt: JourneyFixture.now), definition: definition)
        var screen = DashboardScreen(session: session, timeZone: TimeZone(identifier: "UTC")!, now: JourneyFixture.now)
        screen.load(DashboardFacts(), now: JourneyFixture.now)
        #expect(screen.agenda.count == count)
        return screen
    }

    @Test func pageKeysMoveByTheVisibleRowsAndHomeAndEndGoToTheEnds() throws {
        var screen = try dashboard(tasks: 1_000)
        let body = Size(width: 80, height: 22)
        let page = screen.listHeight(in: body) - 1
        #expect(page >= 5)
        _ = screen.handle(.end, body: body)
        #expect(screen.selection == 999, "End: the last task, not 999 Downs")
        _ = screen.handle(.pageUp, body: body)
        #expect(screen.selection == 999 - page)
        _ = screen.handle(.home, body: body)
        #expect(screen.selection == 0)
        _ = screen.handle(.pageDown, body: body)
        _ = screen.handle(.pageDown, body: body)
        #expect(screen.selection == 2 * page)
        _ = screen.handle(.pageUp, body: body)
        _ = screen.handle(.pageUp, body: body)
        _ = screen.handle(.pageUp, body: body)
        #expect(screen.selection == 0, "PgUp stops at the first task")

        var canvas = Canvas(size: body)
        _ = screen.handle(.end, body: body)
        _ = screen.render(into: &canvas)
        #expect(canvas.plainText().contains("Task 999"), "the selected line is drawn")
    }
}

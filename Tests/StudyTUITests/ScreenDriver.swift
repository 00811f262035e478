import Foundation
import StudyCore
import StudyTestSupport
import StudyTUI
import TUIKit

/// Runs a task screen headlessly from a task JSON and scripted input; renders snapshots.
struct ScreenDriver {
    let terminal: HeadlessTerminal
    let screen: TaskScreen
    /// Snapshot JSON documents written by autosave.
    let saved: SavedSnapshots
    /// Frames the loop drew by their changes only.

    /// Collects autosaved snapshots.
    final class SavedSnapshots: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [JSONValue] = []
        func append(_ j: JSONValue) { lock.withLock { items.append(j) } }
        var all: [JSONValue] { lock.withLock { items } }
    }

    static let start = Date(timeIntervalSince1970: 1_700_000_000)

    static func task(_ json: String) throws -> TaskDefinition {
        let file = FileReference(url: URL(fileURLWithPath: "/fixture.json"), displayName: "fixture.json")
        return try TaskFileLoader().load(data: Data(json.utf8), file: file).task!
    }

    /// Runs `json` at `width`×`height` with `script`; the run is started first.
    init(_ json: String, width: Int = 80, height: Int = 24, script: [HeadlessTerminal.Input] = [],
         conditions: any TaskConditions = NoTaskConditions(), colors: Bool = true) throws {
        self.init(task: try Self.task(json), width: width, height: height, script: script, conditions: conditions, colors: colors)
    }

    /// Runs a task definition.
    init(task: TaskDefinition, width: Int = 80, height: Int = 24, script: [HeadlessTerminal.Input] = [],
         conditions: any TaskConditions = NoTaskConditions(), colors: Bool = true) {
        var run = TaskRun(task: task, taskRunUUID: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, now: Self.start,
                          conditions: conditions)
        run.start(now: Self.start)
        let clock = ManualClock()
        let terminal = HeadlessTerminal(width: width, height: height, script: script, colorsAvailable: colors, clock: clock)
        let saved = SavedSnapshots()
        var env = TaskEnvironment(
            now: { Self.start.addingTimeInterval(clock.now.seconds) },
            uptime: { clock.now.seconds },
            autosave: { saved.append($0.json); return nil },
            timeZone: TimeZone(identifier: "UTC")!)
        env.colorsAvailable = colors
        var loop = EventLoop(program: TaskScreen(run: run, size: Size(width: width, height: height), environment: env),
                             terminal: terminal, clock: clock.monotonic)
        _ = loop.run()
        self.terminal = terminal
        self.screen = loop.program
        self.saved = saved
    }

    /// The last frame as text, its style layer and the cursor.
    var snapshot: String {
        guard let frame = terminal.lastFrame else { return "<no frame>" }
        let cursor = frame.cursor.map { "(\($0.x), \($0.y))" } ?? "hidden"
        return frame.canvas.plainText() + "\n--- styles\n" + frame.canvas.styleLayer() + "\n--- cursor " + cursor
    }

    /// The last frame's text only.
    var text: String { terminal.lastFrame?.canvas.plainText() ?? "" }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let c = components
        return Double(c.seconds) + Double(c.attoseconds) / 1e18
    }
}

/// Key input helpers.
func keys(_ k: Key...) -> [HeadlessTerminal.Input] { k.map { .key($0) } }
func typing(_ s: String) -> [HeadlessTerminal.Input] { HeadlessTerminal.Input.typing(s) }

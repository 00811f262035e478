import Foundation
import StudyCore
import StudyTestSupport
import Testing

/// Learn more shows what the terminal can: a page's text, a web address to open elsewhere, or that
/// it is not available here; never a bare file name.
@Suite struct LearnMoreTests {
    /// A task whose steps each have a Learn more action of one kind, written beside `files`.
    static func run(files: [String: String]) throws -> (TaskDefinition, [Diagnostic], TemporaryDirectory) {
        let dir = try TemporaryDirectory()
        for (name, text) in files { _ = try dir.write(text, to: name) }
        func step(_ id: String, _ action: String) -> String {
            #"{"identifier":"\#(id)","type":"instruction","title":"\#(id)","actions":{"learnMore":\#(action)}}"#
        }
        let json = #"{"identifier":"t","steps":["#
            + [step("page", #"{"type":"webView","title":"Why we ask","url":"why.html","buttonTitle":"Why?"}"#),
               step("missing", #"{"type":"webView","url":"Demographics_questions.html"}"#),
               step("video", #"{"type":"videoView","buttonTitle":"Learn more","url":"Silver_Cat_01_Videvo.mov"}"#),
               step("web", #"{"type":"webView","url":"https://example.org/about"}"#)].joined(separator: ",") + "]}"
        let url = try dir.write(json, to: "task.json")
        let loaded = try TaskFileLoader().load(data: Data(json.utf8), file: FileReference(url: url))
        return (try #require(loaded.task), loaded.warnings, dir)
    }

    static func texts(_ task: TaskDefinition) -> [String?] {
        var run = TaskRun(task: task, now: Date())
        run.start(now: Date())
        var texts: [String?] = []
        while !run.isFinished {
            texts.append(StepButtons.learnMoreText(run))
            run.goForward(now: Date())
        }
        return texts
    }

    @Test func aPageBesideTheTaskShowsItsTextAndOthersSayWhatTheTerminalCannotShow() throws {
        let html = "<html><head><style>p{}</style><title>x</title></head><body><h1>Why we ask</h1>"
            + "<p>Sex &amp; age change<br>the <b>heart rate</b> we expect.</p><ul><li>One</li><li>Two</li></ul></body></html>"
        let (task, diagnostics, dir) = try Self.run(files: ["why.html": html])
        defer { dir.remove() }
        let texts = Self.texts(task)
        #expect(texts.count == 4)
        #expect(texts[0] == "Why we ask\n\nWhy we ask\n\nSex & age change\nthe heart rate we expect.\n\n• One\n• Two")
        #expect(texts[1] == "The page that explains this is not available in the terminal.")
        #expect(texts[2] == "A video explains this step; videos cannot be played in the terminal.")
        #expect(texts[3] == "This is explained on a web page. Open it in a browser:\nhttps://example.org/about")
        for text in texts.compactMap({ $0 }) {
            #expect(!text.contains(".html") && !text.contains(".mov"), "never a bare file name: \(text)")
        }
        #expect(diagnostics.map(\.message).contains { $0.contains("Demographics_questions.html") && $0.contains("not found") })
    }
}

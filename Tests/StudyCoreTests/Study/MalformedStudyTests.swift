import Foundation
import StudyCore
import StudyTestSupport
import Testing

/// The catalogue of malformed study definitions: each gives its exact errors (file, JSON path, reason).
@Suite struct MalformedStudyTests {
    static func study(_ tasks: String = #"[{"identifier":"mood","source":"mood.json"}]"#, extra: String = "") -> String {
        StudyFixtures.study(tasks: tasks, extra: extra)
    }
    static func schedule(_ s: String) -> String { study(#"[{"identifier":"mood","source":"mood.json","schedule":\#(s)}]"#) }

    static let cases: [(name: String, json: String, errors: [String])] = [
        ("invalid JSON", #"{"identifier": }"#, ["study.json: line 1, column 16: error: invalid JSON: unexpected character '}'"]),
        ("not an object", "[]", ["study.json: error: expected a study definition to be an object, found array"]),
        ("missing identifier", study().replacingOccurrences(of: #""identifier":"s1","#, with: ""),
         [#"study.json: identifier: error: missing required "identifier""#]),
        ("empty title", study().replacingOccurrences(of: #""title":"Study one""#, with: #""title":" ""#),
         [#"study.json: title: error: "title" must not be empty"#]),
        ("missing version", study().replacingOccurrences(of: #""version":"1","title""#, with: #""title""#),
         [#"study.json: version: error: missing required "version""#]),
        ("newer format", study(extra: #","formatVersion":2"#),
         ["study.json: formatVersion: error: unsupported formatVersion 2; this StudyTerm reads version 1"]),
        ("missing consent", study().replacingOccurrences(of: ##","consent":{"version":"1","text":"# Consent\nYou agree."}"##, with: ""),
         [#"study.json: consent: error: missing required "consent""#]),
        ("consent without text", study().replacingOccurrences(of: ##","text":"# Consent\nYou agree.""##, with: ""),
         [#"study.json: consent: error: the consent needs "text" or "file""#]),
        ("consent file missing", study().replacingOccurrences(of: ##""text":"# Consent\nYou agree.""##, with: #""file":"gone.md""#),
         [#"study.json: consent.file: error: the consent file "gone.md" cannot be read (looked for $DIR/gone.md)"#]),
        ("no tasks", study("[]"), ["study.json: tasks: error: a study needs at least one task"]),
        ("duplicate task", study(#"[{"identifier":"a","source":"mood.json"},{"identifier":"a","source":"mood.json"}]"#),
         [#"study.json: tasks[1].identifier: error: duplicate task identifier "a" (also at tasks[0])"#]),
        ("task without source", study(#"[{"identifier":"a"}]"#), [#"study.json: tasks[0].source: error: missing required "source""#]),
        ("task file missing", study(#"[{"identifier":"a","source":"nowhere.json"}]"#),
         [#"study.json: tasks[0].source: error: task "a": no task file "nowhere.json" (looked for $DIR/nowhere.json)"#]),
        ("task file with errors", study(#"[{"identifier":"a","source":"broken.json"}]"#),
         [#"broken.json: steps[0].identifier: error: missing required "identifier""#,
          #"study.json: tasks[0].source: error: task "a": "broken.json" cannot be loaded (1 error(s) above)"#]),
        ("task file is a catalogue", study(#"[{"identifier":"a","source":"catalogue.json"}]"#),
         [#"study.json: tasks[0].source: error: task "a": "catalogue.json" holds no single runnable task"#]),
        ("negative minutes", study(#"[{"identifier":"a","source":"mood.json","estimatedMinutes":-1}]"#),
         ["study.json: tasks[0].estimatedMinutes: error: estimatedMinutes must not be negative"]),
        ("unknown schedule", schedule(#"{"type":"hourly"}"#),
         [#"study.json: tasks[0].schedule.type: error: unknown schedule type "hourly"; use once, daily or weekly"#]),
        ("daily without a time", schedule(#"{"type":"daily"}"#), [#"study.json: tasks[0].schedule.time: error: missing required "time""#]),
        ("bad time", schedule(#"{"type":"daily","time":"25:00"}"#),
         [#"study.json: tasks[0].schedule.time: error: "25:00" is not a time of day; write HH:mm, e.g. 08:30"#]),
        ("daily window too long", schedule(#"{"type":"daily","time":"08:00","hours":30}"#),
         ["study.json: tasks[0].schedule.hours: error: hours must be more than 0 and at most 24 for a daily schedule"]),
        ("days reversed", schedule(#"{"type":"weekly","time":"08:00","fromDay":5,"toDay":2}"#),
         ["study.json: tasks[0].schedule.toDay: error: toDay 2 is before fromDay 5"]),
        ("once before enrollment", schedule(#"{"type":"once","day":0}"#),
         ["study.json: tasks[0].schedule.day: error: day must be 1 (the enrollment day) or later"]),
        ("message on day zero", study(extra: #","messages":[{"identifier":"m","day":0,"title":"Hi","text":"Hello"}]"#),
         ["study.json: messages[0].day: error: day must be 1 (the enrollment day) or later"]),
        ("duplicate notice", study(extra: #","notices":[{"identifier":"n","text":"A"},{"identifier":"n","text":"B"}]"#),
         [#"study.json: notices[1]: error: duplicate notice identifier "n" (also at notices[0])"#]),
        ("notice not text", study(extra: #","notices":[3]"#), ["study.json: notices[0]: error: expected a notice to be an object, found number"]),
    ]

    @Test(arguments: cases.indices)
    func malformedDefinitionsReportFilePathAndReason(_ index: Int) throws {
        let (name, json, expected) = Self.cases[index]
        let dir = try StudyFixtures.folder(json, files: [
            "broken.json": #"{"identifier":"b","steps":[{"type":"instruction"}]}"#,
            "catalogue.json": #"{"identifier":"g","tasks":[]}"#,
        ])
        defer { dir.remove() }
        let file = FileReference(url: dir.url.appendingPathComponent("study.json"), displayName: "study.json")
        do {
            _ = try StudyFixtures.loader.load(data: Data(json.utf8), file: file)
            Issue.record("\(name): loaded without errors")
        } catch {
            let errors = error.errors.map { $0.description.replacingOccurrences(of: dir.url.standardizedFileURL.path, with: "$DIR") }
            #expect(errors == expected, "\(name)")
        }
    }

    @Test func aMissingFolderAndAFolderWithoutStudyJSONAreNamed() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        #expect(throws: TaskLoadError.self) { try StudyFixtures.loader.load(path: dir.url.path + "/nope") }
        do { _ = try StudyFixtures.loader.load(path: dir.url.path) } catch {
            #expect(error.description == "\(dir.url.path): error: the folder has no study.json")
        }
    }
}


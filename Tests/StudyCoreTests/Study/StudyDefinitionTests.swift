import Foundation
import StudyCore
import Testing

/// Reading study definitions: the demo study, folders and files, consent files, defaults.
@Suite struct StudyDefinitionTests {
    @Test func theDemoStudyLoadsWithEveryTaskFile() throws {
        let loaded = try StudyFixtures.loader.load(path: StudyFixtures.resources.appendingPathComponent("demo-study").path)
        let study = loaded.definition
        #expect(study.identifier == "studyterm-demo")
        #expect(study.tasks.map(\.identifier) == ["checkin", "wellbeing", "every-input", "breathing", "reaction-memory", "pickers"])
        #expect(study.visibleTasks.count == 5)
        #expect(study.consent.text.hasPrefix("# About this demo study"))
        #expect(study.notices.count == 2)
        #expect(study.tasks[0].sourceURL.path.hasSuffix("Resources/demo-study/tasks/branching-survey.json"))
        #expect(study.tasks[1].schedule == .weekly(RepeatingSchedule(time: .midnight, hours: 24, fromDay: 1, toDay: 28)))
        #expect(loaded.warnings.filter { $0.severity == .error }.isEmpty)
    }

    @Test func aFolderAndItsStudyFileLoadTheSameDefinition() throws {
        let dir = try StudyFixtures.folder()
        defer { dir.remove() }
        let fromFolder = try StudyFixtures.loader.load(path: dir.url.path).definition
        let fromFile = try StudyFixtures.loader.load(path: dir.url.appendingPathComponent("study.json").path).definition
        #expect(fromFolder == fromFile)
        #expect(fromFolder.tasks[0].schedule == .once(OnceSchedule()))
        #expect(fromFolder.tasks[0].required)
        #expect(!fromFolder.tasks[0].hidden)
    }

    @Test func aNumericVersionIsReadAsText() throws {
        let dir = try StudyFixtures.folder(StudyFixtures.study().replacingOccurrences(of: #""version":"1","title""#, with: #""version":3,"title""#))
        defer { dir.remove() }
        #expect(try StudyFixtures.loader.load(path: dir.url.path).definition.version == "3")
    }

    @Test func theConsentTextCanComeFromAFile() throws {
        let json = StudyFixtures.study().replacingOccurrences(of: ##""text":"# Consent\nYou agree.""##, with: #""file":"consent.md""#)
        let dir = try StudyFixtures.folder(json, files: ["consent.md": "# From a file\n"])
        defer { dir.remove() }
        #expect(try StudyFixtures.loader.load(path: dir.url.path).definition.consent.text == "# From a file\n")
    }

    @Test func theTextShownForConsentIsTheSourceThenEachNotice() throws {
        let dir = try StudyFixtures.folder(StudyFixtures.study(extra: #","notices":["First.",{"identifier":"b","text":"Second."}]"#))
        defer { dir.remove() }
        let study = try StudyFixtures.loader.load(path: dir.url.path).definition
        #expect(study.notices.map(\.identifier) == ["notice-1", "b"])
        #expect(study.consentTextShown == "# Consent\nYou agree.\n\nFirst.\n\nSecond.")
    }

    @Test func unknownKeysAreWarnedAboutNotFatal() throws {
        let dir = try StudyFixtures.folder(StudyFixtures.study(extra: #","colour":"blue""#))
        defer { dir.remove() }
        let loaded = try StudyFixtures.loader.load(path: dir.url.path)
        #expect(loaded.warnings.map(\.description).contains { $0.hasSuffix(#"colour: warning: unknown key "colour" is ignored"#) })
    }

    @Test func reloadChangesAreDescribedInSentences() throws {
        let old = try StudyFixtures.folder()
        let new = try StudyFixtures.folder(StudyFixtures.study(version: "2", tasks: #"""
            [{"identifier":"mood","title":"Mood","source":"mood.json","schedule":{"type":"daily","time":"09:00","hours":3}},
             {"identifier":"sleep","title":"Sleep","source":"mood.json"}]
            """#))
        defer { old.remove(); new.remove() }
        let changes = StudyChanges(from: try StudyFixtures.loader.load(path: old.url.path).definition,
                                   to: try StudyFixtures.loader.load(path: new.url.path).definition)
        #expect(changes.isNewVersion)
        #expect(!changes.consentChanged)
        #expect(changes.lines == ["New task: Sleep (once, any time).", "Mood: now daily 09:00–12:00 (was once, any time)."])
    }
}

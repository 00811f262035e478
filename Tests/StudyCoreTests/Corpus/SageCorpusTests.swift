import Foundation
import StudyTestSupport
import Testing
@testable import StudyCore

/// Every file of ../shared/corpus/sage decodes, or reports clearly the resource it cannot find.
/// Skipped (with a message) when the corpus is not beside the checkout.
@Suite(.enabled(if: CorpusLocation.isAvailable, "the shared corpus is not present"))
struct SageCorpusTests {
    /// Files whose only errors are resources named without the corpus's file-name prefix.
    static let missingResources: [String: [String]] = [
        "am_sample_wrapper_assessment.json": ["sample_assessment"],
        "v2_Catalog_TaskGroups.json": ["FormStep_List", "FormStep_Picker", "FormStep_Textfield", "Recorder_Distance",
                                       "Recorder_Motion", "Theme_Color", "Theme_Image"],
        "v2_FactoryTest_TaskGroup.json": ["FactoryTest_TaskFoo"],
        "v2_MCT_Tremor.json": ["TremorSectionStep.json", "TremorSectionStep.json"],
        "v2_CRF_HeartRate_Only.json": ["HeartrateStep.json"],
    ]

    @Test(arguments: CorpusLocation.files(in: "sage").filter { !$0.lastPathComponent.hasPrefix("EXPECTED") })
    func decodesOrNamesTheMissingResource(file: URL) {
        let name = file.lastPathComponent
        do {
            let loaded = try TaskFileLoader().load(path: file.path)
            #expect(Self.missingResources[name] == nil, "\(name) was expected to miss a resource")
            #expect(loaded.warnings.allSatisfy { $0.severity == .warning })
            // The content, not only the absence of errors: a task keeps every step of the file's
            // own `steps` list, in order, under the file's identifiers.
            if let task = loaded.task, let raw = try? JSONParser.parse(Data(contentsOf: file)),
               let steps = raw["steps"]?.arrayValue {
                let ids = steps.compactMap { $0["identifier"]?.stringValue }
                // A file that is one section step (a step file used by reference) loads as a task of
                // that one section: its children are the file's steps.
                let top = task.steps.steps
                let isSectionFile = top.count == 1 && top[0].section != nil && top[0].identifier.rawValue == raw["identifier"]?.stringValue
                let loadedIDs = (isSectionFile ? top[0].section!.steps.steps : top).map(\.identifier.rawValue)
                #expect(loadedIDs == ids, "\(name): steps as in the file")
                #expect(!loadedIDs.isEmpty || ids.isEmpty, "\(name): a task with its steps")
                if let id = raw["identifier"]?.stringValue { #expect(task.identifier == id, "\(name)") }
            }
        } catch {
            let expected = Self.missingResources[name] ?? []
            let messages = error.errors.map(\.message)
            #expect(messages.count == expected.count, "\(name): \(error.description)")
            for (message, resource) in zip(messages, expected) {
                #expect(message.hasPrefix("resource \"\(resource)\" not found: looked for"), "\(name): \(message)")
            }
        }
    }

    /// With the cross-referenced files under the names they are referred to by, the references resolve.
    @Test func resolvesCrossFileReferencesUnderTheirReferencedNames() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        // The names the files are referred to by (MANIFEST.txt lists the mapping).
        let names = [
            "v2_MCT_Tremor.json": "Tremor.json", "v2_MCT_TremorSectionStep.json": "TremorSectionStep.json",
            "v2_CRF_HeartRate_Only.json": "HeartRate_Only.json", "v2_CRF_HeartrateStep.json": "HeartrateStep.json",
            "am_sample_wrapper_assessment.json": "wrapper_assessment.json", "am_sample_assessment.json": "sample_assessment.json",
            "v2_FactoryTest_TaskGroup.json": "FactoryTest_TaskGroup.json", "v2_FactoryTest_TaskFoo.json": "FactoryTest_TaskFoo.json",
        ]
        for (from, to) in names {
            try FileManager.default.copyItem(at: CorpusLocation.url!.appendingPathComponent("sage/\(from)"), to: dir.url.appendingPathComponent(to))
        }
        let tremor = try TaskFileLoader().load(path: dir.url.appendingPathComponent("Tremor.json").path).task!
        let left = try #require(tremor.steps.step("left")?.section)
        let right = try #require(tremor.steps.step("right")?.section)
        #expect(left.steps.steps.map(\.identifier) == right.steps.steps.map(\.identifier))
        #expect(left.steps.steps.contains { $0.active != nil })

        let heart = try TaskFileLoader().load(path: dir.url.appendingPathComponent("HeartRate_Only.json").path).task!
        let section = try #require(heart.steps.steps.first?.section)
        #expect(heart.steps.steps.first?.shouldHideActions == [.goBackward, .skip])
        #expect(section.asyncActions.map(\.identifier) == ["motion"])

        let wrapper = try TaskFileLoader().load(path: dir.url.appendingPathComponent("wrapper_assessment.json").path).task!
        #expect(wrapper.steps.step("sampleAssessment")?.section?.steps.steps.isEmpty == false)

        let group = try TaskFileLoader().load(path: dir.url.appendingPathComponent("FactoryTest_TaskGroup.json").path)
        guard case .taskGroups(let groups) = group.content else { Issue.record("not a task group"); return }
        #expect(groups.first?.tasks.first?.task?.steps.steps.isEmpty == false)
    }
}

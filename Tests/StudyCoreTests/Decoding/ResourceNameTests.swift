import Foundation
import StudyTestSupport
import Testing
@testable import StudyCore

/// A step that names its content with `resourceName` next to a custom step type (as v2 files do for
/// recorder sections) loads that resource as the step, like a resourceTransformer; a missing one
/// is named by the key the file uses.
@Suite struct ResourceNameTests {
    @Test func aCustomStepWithAResourceNameLoadsTheResource() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Data(#"{"identifier":"t","type":"assessment","steps":[{"identifier":"intro","type":"instruction","title":"Hi"},{"identifier":"ext","type":"heartRateStep","resourceName":"inner","title":"Heart"}]}"#.utf8)
            .write(to: dir.url.appendingPathComponent("task.json"))
        try Data(#"{"identifier":"whatever","type":"section","steps":[{"identifier":"a","type":"instruction","title":"Inner A"}]}"#.utf8)
            .write(to: dir.url.appendingPathComponent("inner.json"))
        let loaded = try TaskFileLoader().load(path: dir.url.appendingPathComponent("task.json").path)
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        let step = try #require(loaded.task?.steps.step("ext"))
        #expect(step.title == "Heart", "the step's own keys override the resource's")
        #expect(step.section?.steps.steps.map(\.identifier.rawValue) == ["a"])
    }

    @Test func aMissingResourceIsNamedByTheKeyTheFileUses() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try Data(#"{"identifier":"t","type":"assessment","steps":[{"identifier":"ext","type":"heartRateStep","resourceName":"Nowhere"}]}"#.utf8)
            .write(to: dir.url.appendingPathComponent("task.json"))
        #expect {
            _ = try TaskFileLoader().load(path: dir.url.appendingPathComponent("task.json").path)
        } throws: { error in
            let text = (error as? TaskLoadError)?.description ?? ""
            return text.contains("steps[0].resourceName") && text.contains("resource \"Nowhere\" not found") && !text.contains("resourceTransformer")
        }
    }
}

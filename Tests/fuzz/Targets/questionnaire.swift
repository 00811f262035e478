// The FHIR Questionnaire importer: bytes as a Questionnaire, then a walk with its conditions
// (enableWhen, calculated expressions) evaluated on every move.
import Foundation
import StudyCore
import StudyFHIR

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuestionnaire(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let file = FileReference(path: "/nonexistent/fuzz/questionnaire.json")
    guard let json = try? TaskFileLoader.parse(Data(bytes: start, count: count), file: file),
          let imported = try? QuestionnaireImporter().importQuestionnaire(from: json, file: file) else { return 0 }
    walk(imported.task, conditions: imported.conditions)
    _ = QuestionnaireResponseBuilder(model: imported.model)
    return 0
}

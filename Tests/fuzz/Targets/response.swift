// The QuestionnaireResponse reader (prefill): bytes as a response to a fixed Questionnaire.
import Foundation
import StudyCore
import StudyFHIR

let questionnaire: ImportedQuestionnaire = {
    let file = FileReference(path: "habits-questionnaire.json")
    let json = try! TaskFileLoader.parse(fixture("Tests/e2e/fixtures/habits-questionnaire.json"), file: file)
    return try! QuestionnaireImporter().importQuestionnaire(from: json, file: file)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzResponse(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let json = try? TaskFileLoader.parse(Data(bytes: start, count: count), file: FileReference(path: "r.json")) else { return 0 }
    let reading = QuestionnaireResponseReader(model: questionnaire.model).read(json)
    _ = reading.diagnostics.map(\.description)
    return 0
}

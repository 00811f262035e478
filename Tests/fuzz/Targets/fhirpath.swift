// The FHIRPath parser and evaluator: bytes as an expression, evaluated against a fixed
// QuestionnaireResponse.
import Foundation
import StudyCore
import StudyFHIR

let responseItems: [FHIRPathItem] = {
    let json = try! TaskFileLoader.parse(fixture("Tests/fuzz/seeds/response/habits-response.json"), file: FileReference(path: "r.json"))
    return FHIRPathValue.from(json, linkId: nil)
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFHIRPath(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    guard let expression = try? FHIRPathParser.parse(text) else { return 0 }
    let evaluator = FHIRPathEvaluator(environment: FHIRPathEnvironment(now: fuzzNow))
    _ = try? evaluator.evaluate(expression, input: responseItems)
    return 0
}

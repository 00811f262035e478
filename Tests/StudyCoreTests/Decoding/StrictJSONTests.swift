import Foundation
import Testing

@testable import StudyCore

/// FHIR files that are not strict JSON are read with a warning giving the line and column; Sage
/// files keep their lenient reading without warnings.
@Suite struct StrictJSONTests {
    @Test func theParserSaysWhereTheTextIsNotStrictJSON() throws {
        let text = "{\"a\": [1, 2,],\n \"b\": 007,\n \"a\": {\"x\": true,}}"
        let (value, leniencies) = try JSONParser.parseNoting(Data(text.utf8))
        #expect(value["b"] == 7)
        #expect(leniencies.map(\.description) == [
            "line 1, column 12: a trailing comma before ']'",
            "line 2, column 7: a number with a leading zero",
            "line 3, column 2: the member name \"a\" is given twice (the last value is used)",
            "line 3, column 17: a trailing comma before '}'",
        ])
        #expect(try JSONParser.parseNoting(Data("{\"a\": [1, 2], \"b\": 0.5}".utf8)).leniencies.isEmpty)
    }

    @Test func aByteOrderMarkIsNoted() throws {
        let (_, leniencies) = try JSONParser.parseNoting(Data([0xEF, 0xBB, 0xBF] + Array("{}".utf8)))
        #expect(leniencies.map(\.reason) == ["a byte order mark before the JSON text"])
    }

    @Test func aFHIRResourceThatIsNotStrictGetsWarningsAndASageFileDoesNot() throws {
        let fhir = Data("{\"resourceType\": \"Questionnaire\",\n \"item\": [],}".utf8)
        let (_, warnings) = try TaskFileLoader.parseNoting(fhir, file: FileReference(path: "q.json"))
        #expect(warnings.map(\.description) == [
            "q.json: line 2, column 12: warning: not strict JSON: a trailing comma before '}'; accepted here, but FHIR servers reject such a file",
        ])
        let sage = Data("{\"identifier\": \"t\", \"steps\": [{\"identifier\": \"a\", \"type\": \"instruction\",},]}".utf8)
        let loaded = try TaskFileLoader().load(data: sage, file: FileReference(path: "t.json"))
        #expect(loaded.warnings.isEmpty)
    }
}

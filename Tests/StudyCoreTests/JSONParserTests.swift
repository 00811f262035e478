import Testing
@testable import StudyCore

@Suite struct JSONParserTests {
    @Test func keepsIntegersAndDecimalsApart() throws {
        let v = try JSONParser.parse(#"{"a": 1, "b": 1.5, "c": 2e1, "d": -0}"#)
        #expect(v["a"] == .int(1))
        #expect(v["b"] == .double(1.5))
        #expect(v["c"] == .double(20))
        #expect(v["d"] == .int(0))
    }

    @Test func acceptsTrailingCommasAsRealFilesHaveThem() throws {
        let v = try JSONParser.parse("{\"steps\": [1, 2, ], }")
        #expect(v["steps"] == [1, 2])
    }

    @Test func decodesEscapesAndSurrogatePairs() throws {
        let v = try JSONParser.parse(#"["a\"b\\c\n", "\u00e9\ud83d\ude00", "日本"]"#)
        #expect(v == ["a\"b\\c\n", "é😀", "日本"])
    }

    @Test func reportsLineAndColumnOfSyntaxErrors() {
        #expect(throws: JSONSyntaxError(line: 3, column: 9, reason: "expected ',' or '}' after the value of \"b\"")) {
            try JSONParser.parse("{\n \"a\": 1,\n \"b\": 2 \"c\": 3}")
        }
        #expect(throws: JSONSyntaxError(line: 1, column: 1, reason: "the file is empty")) {
            try JSONParser.parse("  ")
        }
        #expect(throws: JSONSyntaxError(line: 1, column: 2, reason: "unterminated string")) {
            try JSONParser.parse("[\"abc")
        }
    }

    @Test func writesCompactSortedJSONThatParsesBack() throws {
        let v: JSONValue = ["b": [1, 2.5, "x\u{1}"], "a": nil, "c": true]
        #expect(v.compactJSON == #"{"a":null,"b":[1,2.5,"x\u0001"],"c":true}"#)
        #expect(try JSONParser.parse(v.compactJSON) == v)
        #expect(try JSONParser.parse(v.prettyJSON) == v)
    }
}

import Testing
@testable import StudyCore

/// The JSON parameters of the keyboard active tasks: defaults, values read, limits refused at
/// their path (issue 25).
@Suite("Active task parameters")
struct ActiveTaskParameterDecoderTests {
    /// A decoder over `json` (an object), and the sink its problems go to.
    func decoder(_ json: String) throws -> (ActiveTaskParameterDecoder, DiagnosticSink) {
        let sink = DiagnosticSink()
        let node = JSONNode(value: try JSONParser.parse(json), path: "steps[0]", file: FileReference(path: "task.json"), sink: sink)
        return (ActiveTaskParameterDecoder(node: node), sink)
    }

    @Test("an empty step takes every default, as documented")
    func defaults() throws {
        let (d, sink) = try decoder("{}")
        #expect(d.stroop() == StroopParameters() && d.psat() == PASATParameters())
        #expect(d.spatialSpan() == SpatialSpanParameters() && d.trailMaking() == TrailMakingParameters())
        #expect(d.towerOfHanoi() == TowerOfHanoiParameters())
        #expect(sink.diagnostics.isEmpty)
        #expect(StroopParameters().numberOfAttempts == 10 && PASATParameters().interStimulusInterval == 3)
        #expect(SpatialSpanParameters().rules.initialSpan == 3 && TowerOfHanoiParameters().numberOfDisks == 3)
    }

    @Test("values are read, with color spelled either way")
    func values() throws {
        let (d, _) = try decoder("""
            {"numberOfAttempts": 12, "timeout": 2, "colorMode": "position", "interStimulusInterval": 2,
             "seriesLength": 10, "initialSpan": 4, "columns": 5, "rows": 3, "requireReversal": true,
             "trailType": "b", "numberOfTargets": 9, "numberOfDisks": 4, "timeLimit": 120}
            """)
        let stroop = try #require(d.stroop())
        #expect(stroop.numberOfAttempts == 12 && stroop.colourMode == .position && stroop.timeout == 2)
        let psat = try #require(d.psat())
        #expect(psat.interStimulusInterval == 2 && psat.seriesLength == 10)
        let span = try #require(d.spatialSpan())
        #expect(span.rules.initialSpan == 4 && span.columns == 5 && span.rows == 3 && span.rules.requireReversal)
        #expect(d.trailMaking()?.trailType == .b && d.trailMaking()?.numberOfTargets == 9)
        #expect(d.towerOfHanoi()?.numberOfDisks == 4 && d.towerOfHanoi()?.timeLimit == 120)
    }

    @Test("values outside ResearchKit's limits are errors naming the step")
    func limits() throws {
        let cases: [(String, (ActiveTaskParameterDecoder) -> Bool, String)] = [
            (#"{"numberOfAttempts": 9}"#, { $0.stroop() == nil }, "at least 10"),
            (#"{"colourMode": "sepia"}"#, { $0.stroop() == nil }, "colourMode"),
            (#"{"presentationMode": "auditory"}"#, { $0.psat() == nil }, "visual"),
            (#"{"interStimulusInterval": 2, "stimulusDuration": 2.5}"#, { $0.psat() == nil }, "stimulusDuration"),
            (#"{"maximumSpan": 17}"#, { $0.spatialSpan() == nil }, "number of cells"),
            (#"{"trailType": "C"}"#, { $0.trailMaking() == nil }, "A or B"),
            (#"{"numberOfDisks": 9}"#, { $0.towerOfHanoi() == nil }, "between 1 and 8"),
        ]
        for (json, refused, words) in cases {
            let (d, sink) = try decoder(json)
            #expect(refused(d), "\(json)")
            #expect(sink.diagnostics.contains { $0.severity == .error && $0.message.contains(words) && $0.path.hasPrefix("steps[0]") },
                    "\(json): \(sink.diagnostics)")
        }
    }
}

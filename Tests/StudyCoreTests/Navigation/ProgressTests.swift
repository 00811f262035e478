import StudyTestSupport
import Testing
@testable import StudyCore

/// EXPECTED-navigation.md section B.
@Suite struct ProgressTests {
    @Test func b1WithoutMarkersProgressIsEstimatedFromHistoryAndSteps() throws {
        var d = try StepDriver(json: #"{"identifier":"t","steps":[{"identifier":"step1"},{"identifier":"step2"},{"identifier":"step3"},{"identifier":"step4"}]}"#)
        d.forward()
        #expect(d.run.progress == Progress(current: 2, total: 4, isEstimated: true))
    }

    @Test func b2BeforeTheFirstMarkerThereIsNoProgress() throws {
        let d = try StepDriver(json: SEC7.json())
        #expect(d.path == "introduction")
        #expect(d.run.progress == nil)
    }

    @Test(arguments: [("step2", 2), ("step7", 7), ("step4/stepB", 4), ("step5/stepX", 5), ("step6/stepC", 6)])
    func b3toB7MarkersGiveExactProgressAndSectionsDeferToTheirParent(path: String, expected: Int) throws {
        var d = try StepDriver(json: SEC7.json())
        d.forward(to: path)
        #expect(d.path == path)
        #expect(d.run.progress == Progress(current: expected, total: 7, isEstimated: false))
    }

    @Test func b8AfterTheLastMarkerThereIsNoProgressAndTheButtonSaysDone() throws {
        var d = try StepDriver(json: SEC7.json())
        d.forward(to: "completion")
        #expect(d.run.progress == nil)
        #expect(d.run.hasStepAfter == false)
    }

    @Test func anEmptyMarkerListMeansNoProgressAnywhere() throws {
        var d = try StepDriver(json: #"{"identifier":"t","progressMarkers":[],"steps":[{"identifier":"a"},{"identifier":"b"}]}"#)
        #expect(d.run.progress == nil)
        d.forward()
        #expect(d.run.progress == nil)
    }
}

/// Estimated progress never goes back on Next and counts the steps still to come.
@Suite struct EstimatedProgressTests {
    @Test func anEstimateClimbsByOneAtEveryNextThroughSections() throws {
        var d = try StepDriver(json: #"""
            {"identifier":"t","steps":[{"identifier":"intro"},
              {"identifier":"s","type":"section","steps":[{"identifier":"a"},{"identifier":"b"},
                {"identifier":"inner","type":"section","steps":[{"identifier":"x"},{"identifier":"y"}]}]},
              {"identifier":"q"},{"identifier":"done","type":"completion"}]}
            """#)
        var seen: [Progress] = []
        while let p = d.run.progress {
            seen.append(p)
            if d.run.currentStep?.identifier == "done" { break }
            d.forward()
        }
        #expect(seen.map(\.current) == Array(1...7))
        #expect(seen.allSatisfy { $0.total == 7 && $0.isEstimated })
    }
}

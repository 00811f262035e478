import Foundation
import Testing
@testable import StudyCore

/// `exportDirectory` in a station configuration: where the admin menu's exports go.
@Suite struct KioskExportDirectoryTests {
    @Test func theExportsGoUnderTheDataFolderUnlessTheConfigurationNamesAFolderResolvedAgainstIt() throws {
        let plain = #"{"stationID": "lab-1", "study": {"folder": "study"}, "sessionPlan": [{"task": "mood"}], "dataDirectory": "/srv/st""#
        let byDefault = try KioskConfiguration.decode(Data((plain + "}").utf8), file: "station.json", folder: "/etc/studyterm")
        #expect(byDefault.exportDirectory == "/srv/st/exports")
        let named = try KioskConfiguration.decode(Data((plain + #", "exportDirectory": "exports/lab""# + "}").utf8),
                                                  file: "station.json", folder: "/etc/studyterm")
        #expect(named.exportDirectory == "/etc/studyterm/exports/lab")
        #expect(throws: KioskConfigurationError.self) {
            try KioskConfiguration.decode(Data((plain + #", "exportDirectory": 3"# + "}").utf8), file: "station.json", folder: "/")
        }
    }
}

import Foundation

/// Finds the files StudyTerm ships beside the binary: the bundled demo study.
///
/// Looked for, in order: `$STUDYTERM_RESOURCES/demo-study`, then walking up from the executable
/// (`<dir>/Resources/demo-study`, as in a checkout where the binary is `.build/debug/studyterm`, and
/// `<dir>/share/studyterm/demo-study`, as installed under a prefix).
package enum ResourceLocator {
    /// The demo study folder, if one is found.
    package static func demoStudy(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        let fm = FileManager.default
        func isStudy(_ url: URL) -> Bool { fm.fileExists(atPath: url.appendingPathComponent("study.json").path) }
        if let root = environment["STUDYTERM_RESOURCES"], !root.isEmpty {
            let url = URL(fileURLWithPath: root).appendingPathComponent("demo-study")
            return isStudy(url) ? url : nil
        }
        var dir = executable().deletingLastPathComponent()
        for _ in 0..<6 {
            for candidate in [dir.appendingPathComponent("Resources/demo-study"), dir.appendingPathComponent("share/studyterm/demo-study")]
            where isStudy(candidate) {
                return candidate.standardizedFileURL
            }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// The running executable, symbolic links resolved.
    private static func executable() -> URL {
        let proc = URL(fileURLWithPath: "/proc/self/exe")
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: proc.path) { return URL(fileURLWithPath: target) }
        return (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath()
    }
}

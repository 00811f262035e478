import Foundation
import StudyCore
import StudyTUI
import TUIKit

/// The live task environment: real clocks, durable snapshot writes, espeak-ng for `--speak`.
package enum LiveEnvironment {
    /// For `studyterm run`: snapshots go durably to a file.
    package static func make(snapshotPath: String, speak: Bool) -> TaskEnvironment {
        make(speak: speak) { snapshot in
            do {
                try DurableFile.write(snapshot.json.prettyJSON, to: snapshotPath)
                return nil
            } catch { return AutosaveFailure("\(error.localizedDescription) (\(snapshotPath))") }
        }
    }

    /// With any durable autosave (the journey stores snapshots in its database).
    package static func make(speak: Bool, autosave: @escaping @Sendable (EncodedSnapshot) -> AutosaveFailure?) -> TaskEnvironment {
        let speaker = speak ? Speaker.find() : nil
        var environment = TaskEnvironment(
            now: { Date() },
            clock: .process,
            autosave: autosave,
            speak: { text in speaker?.say(text) },
            // Resolved when a date is first read or written, not before the first screen: loading
            // the zone's rules from ICU costs more than everything else before the first paint.
            timeZone: .autoupdatingCurrent)
        // As the terminal's theme decides (`Theme.automatic`); `studyterm run` also asks the terminal.
        environment.colorsAvailable = (ProcessEnvironment.value("NO_COLOR") ?? "").isEmpty
        return environment
    }
}

/// Speaks text with espeak-ng in the background (output discarded).
package struct Speaker: Sendable {
    package let executable: String

    /// espeak-ng on the PATH, if installed.
    package static func find() -> Speaker? {
        let path = ProcessEnvironment.value("PATH") ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/espeak-ng"
            if FileManager.default.isExecutableFile(atPath: candidate) { return Speaker(executable: candidate) }
        }
        return nil
    }

    package func say(_ text: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: executable)
        p.arguments = [text]
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        p.standardInput = FileHandle.nullDevice
        try? p.run()
    }
}

/// Writes a file so that it is complete on disk before the call returns: a temporary file,
/// fsync, then an atomic rename over the target.
package enum DurableFile {
    package static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        let tmp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp")
        guard FileManager.default.createFile(atPath: tmp.path, contents: nil) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: tmp.path])
        }
        let handle = try FileHandle(forWritingTo: tmp)
        try handle.write(contentsOf: Data((text + "\n").utf8))
        try handle.synchronize()
        try handle.close()
        guard rename(tmp.path, url.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }
}

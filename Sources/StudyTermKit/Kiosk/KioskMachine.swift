import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What `studyterm kiosk doctor` reads of the machine, behind values and closures so tests point
/// it at fixture files and fixed answers.
package struct KioskMachine: Sendable {
    /// The process environment (TERM, LANG, LC_ALL, LC_CTYPE).
    package var environment: [String: String]
    /// The terminal's columns and rows on standard output (nil: not a terminal).
    package var terminalSize: @Sendable () -> (columns: Int, rows: Int)?
    /// The soft RLIMIT_CORE in bytes.
    package var coreLimit: @Sendable () -> UInt64?
    /// Whether the kernel says the clock is synchronized (nil: cannot tell).
    package var clockSynchronized: @Sendable () -> Bool?
    /// Free bytes for an unprivileged user on the file system holding a path.
    package var freeBytes: @Sendable (String) -> Int64?
    /// Where `/proc` is.
    package var procRoot: String
    /// Where `/etc` is.
    package var etcRoot: String

    /// A machine with every part given.
    package init(environment: [String: String], terminalSize: @escaping @Sendable () -> (columns: Int, rows: Int)?,
                 coreLimit: @escaping @Sendable () -> UInt64?, clockSynchronized: @escaping @Sendable () -> Bool?,
                 freeBytes: @escaping @Sendable (String) -> Int64?, procRoot: String = "/proc", etcRoot: String = "/etc") {
        (self.environment, self.terminalSize, self.coreLimit) = (environment, terminalSize, coreLimit)
        (self.clockSynchronized, self.freeBytes, self.procRoot, self.etcRoot) = (clockSynchronized, freeBytes, procRoot, etcRoot)
    }

    /// This machine.
    package static var live: KioskMachine {
        KioskMachine(
            environment: ProcessInfo.processInfo.environment,
            terminalSize: {
                var size = winsize()
                guard isatty(STDOUT_FILENO) != 0, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 else { return nil }
                return (Int(size.ws_col), Int(size.ws_row))
            },
            coreLimit: {
                var limit = rlimit()
                guard getrlimit(Int32(RLIMIT_CORE.rawValue), &limit) == 0 else { return nil }
                return UInt64(limit.rlim_cur)
            },
            clockSynchronized: { KioskMachine.timedatectlSynchronized() },
            freeBytes: { path in
                var s = statvfs()
                guard statvfs(path, &s) == 0 else { return nil }
                return Int64(s.f_bavail) * Int64(s.f_frsize)
            })
    }

    /// `timedatectl show -p NTPSynchronized --value` (systemd asks the kernel with adjtimex), or
    /// nil when timedatectl is missing or says nothing useful.
    static func timedatectlSynchronized() -> Bool? {
        guard let tool = ["/usr/bin/timedatectl", "/bin/timedatectl"].first(where: FileManager.default.isExecutableFile) else { return nil }
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["show", "-p", "NTPSynchronized", "--value"]
        (process.standardOutput, process.standardError, process.standardInput) = (output, FileHandle.nullDevice, FileHandle.nullDevice)
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        switch String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) {
        case "yes": return true
        case "no": return false
        default: return nil
        }
    }
}

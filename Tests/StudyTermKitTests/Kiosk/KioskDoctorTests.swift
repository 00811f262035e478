import Foundation
import Testing
@testable import StudyTermKit

/// `kiosk doctor` against fixture files: a hardened machine passes every check, and each
/// weakness fails its own check with a hint.
@Suite struct KioskDoctorTests {
    /// A machine laid out in `folder` as kiosk.md's recipes leave it.
    static func hardened(_ folder: KioskTestFolder) throws -> KioskDoctor {
        try folder.write("proc/sys/kernel/sysrq", "0\n", mode: 0o644)
        try folder.write("proc/sys/kernel/core_pattern", "|/bin/false\n", mode: 0o644)
        try folder.write("etc/systemd/logind.conf", "[Login]\n#NAutoVTs=6\n", mode: 0o644)
        try folder.write("etc/systemd/logind.conf.d/studyterm-kiosk.conf", "[Login]\nNAutoVTs=0\nReserveVT=0\n", mode: 0o644)
        try folder.write("etc/systemd/system.conf.d/studyterm-kiosk.conf", "[Manager]\nCtrlAltDelBurstAction=none\n", mode: 0o644)
        try FileManager.default.createDirectory(atPath: folder.file("etc/systemd/system"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.file("etc/systemd/system/ctrl-alt-del.target"), withDestinationPath: "/dev/null")
        try folder.write("etc/studyterm/kiosk.keymap", "keycode  59 = F1\n\talt keycode 59 = VoidSymbol\n", mode: 0o644)
        try FileManager.default.createDirectory(atPath: folder.file("data"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try folder.write("data/store.sqlite", "x")
        try AdminPIN(pin: "123456", rounds: 1000).write(to: folder.file("data/admin-pin.json"))
        let machine = KioskMachine(environment: ["TERM": "linux", "LANG": "C.UTF-8"], terminalSize: { (80, 25) },
                                   coreLimit: { 0 }, clockSynchronized: { true }, freeBytes: { _ in 8_000_000_000 },
                                   procRoot: folder.file("proc"), etcRoot: folder.file("etc"))
        return KioskDoctor(machine: machine, dataDirectory: folder.file("data"), pinFile: folder.file("data/admin-pin.json"),
                           keymap: folder.file("etc/studyterm/kiosk.keymap"))
    }

    static func failures(_ doctor: KioskDoctor) -> [String] { doctor.checks().filter { !$0.passed }.map(\.name) }

    @Test func aHardenedMachinePassesEveryCheck() throws {
        let doctor = try Self.hardened(try KioskTestFolder())
        let checks = doctor.checks()
        #expect(checks.map(\.name) == ["terminal", "terminal-size", "locale", "data-folder", "core-dumps", "sysrq", "ctrl-alt-del",
                                       "spare-vts", "keymap", "clock", "free-disk", "pin-file"])
        #expect(checks.allSatisfy { $0.passed }, "\(checks.filter { !$0.passed }.map(\.line))")
        #expect(checks.allSatisfy { $0.line.hasPrefix("PASS ") && $0.hint == nil })
    }

    @Test func eachWeaknessFailsItsOwnCheckWithAHint() throws {
        let folder = try KioskTestFolder()
        var doctor = try Self.hardened(folder)
        doctor.machine.environment = ["TERM": "dumb", "LANG": "C"]
        doctor.machine.terminalSize = { (40, 12) }
        doctor.machine.coreLimit = { UInt64.max }
        doctor.machine.clockSynchronized = { false }
        doctor.machine.freeBytes = { _ in 10_000_000 }
        try folder.write("proc/sys/kernel/sysrq", "176\n", mode: 0o644)
        try folder.write("etc/systemd/logind.conf.d/zz-local.conf", "[Login]\nNAutoVTs=6\n", mode: 0o644)
        try FileManager.default.removeItem(atPath: folder.file("etc/systemd/system.conf.d/studyterm-kiosk.conf"))
        try folder.write("etc/studyterm/kiosk.keymap", "alt keycode 59 = Console_1\n", mode: 0o644)
        try folder.write("data/export.csv", "x", mode: 0o644)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: folder.file("data/admin-pin.json"))
        let checks = doctor.checks()
        #expect(checks.allSatisfy { !$0.passed && $0.hint?.isEmpty == false && $0.line.hasPrefix("FAIL ") }, "\(checks.filter(\.passed).map(\.line))")
        #expect(checks.first { $0.name == "sysrq" }?.line == "FAIL sysrq: kernel.sysrq is 176 (hint: install Resources/kiosk/90-studyterm-kiosk.conf in /etc/sysctl.d and run sysctl --system)")
        #expect(checks.first { $0.name == "ctrl-alt-del" }?.detail.contains("CtrlAltDelBurstAction") == true)
        #expect(checks.first { $0.name == "data-folder" }?.detail == "2 file(s) others may read, first admin-pin.json")
        #expect(checks.first { $0.name == "core-dumps" }?.detail == "RLIMIT_CORE is unlimited; core_pattern |/bin/false")
    }

    @Test func missingFilesFailRatherThanPass() throws {
        let folder = try KioskTestFolder()
        let machine = KioskMachine(environment: [:], terminalSize: { nil }, coreLimit: { nil }, clockSynchronized: { nil },
                                   freeBytes: { _ in nil }, procRoot: folder.file("proc"), etcRoot: folder.file("etc"))
        let doctor = KioskDoctor(machine: machine, dataDirectory: folder.file("data"), pinFile: folder.file("pin.json"),
                                 keymap: folder.file("kiosk.keymap"))
        #expect(doctor.checks().allSatisfy { !$0.passed })
        var open = try Self.hardened(folder)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.file("data"))
        open.pinFile = folder.file("data/none.json")
        #expect(Self.failures(open) == ["data-folder", "pin-file"])
    }
}

import Foundation

/// The checks of `studyterm kiosk doctor`: what the station's program can see of the machine's
/// hardening (kiosk.md's recipes), one `DoctorCheck` each.
package struct KioskDoctor: Sendable {
    /// The smallest terminal the kiosk lays out in (large font on a 1024×600 panel).
    package static let minimumSize = (columns: 64, rows: 18)
    /// The least free space for taking participants.
    package static let minimumFreeBytes: Int64 = 50 * 1024 * 1024
    /// Keymap actions that switch VTs, reboot, dump state or freeze output.
    static let forbiddenKeys = #"\b(Console_[0-9]+|Incr_Console|Decr_Console|Last_Console|Spawn_Console|Boot|Show_(Memory|State|Registers)|Scroll_(Lock|Backward|Forward))\b"#

    /// What is read of the machine.
    package var machine: KioskMachine
    /// The station's data folder.
    package var dataDirectory: String
    /// The admin PIN file.
    package var pinFile: String
    /// The console keymap the unit loads.
    package var keymap: String

    /// A doctor for this station.
    package init(machine: KioskMachine, dataDirectory: String, pinFile: String, keymap: String = "/etc/studyterm/kiosk.keymap") {
        (self.machine, self.dataDirectory, self.pinFile, self.keymap) = (machine, dataDirectory, pinFile, keymap)
    }

    /// Every check, in the order they are printed.
    package func checks() -> [DoctorCheck] {
        [terminalType(), terminalSize(), locale(), dataFolder(), coreDumps(), sysrq(), ctrlAltDel(), spareVTs(),
         keymapCheck(), clock(), freeDisk(), pin()]
    }

    /// TERM is set and not dumb.
    func terminalType() -> DoctorCheck {
        guard let term = machine.environment["TERM"], !term.isEmpty, term != "dumb" else {
            return .fail("terminal", "TERM is \(machine.environment["TERM"].map { "\"\($0)\"" } ?? "not set")",
                         hint: "run on a VT (TERM=linux, as the unit sets) or a terminal with a terminfo entry")
        }
        return .pass("terminal", "TERM=\(term)")
    }

    /// The terminal is at least 64x18.
    func terminalSize() -> DoctorCheck {
        let least = Self.minimumSize
        guard let size = machine.terminalSize() else {
            return .fail("terminal-size", "standard output is not a terminal", hint: "run doctor on the station's own terminal")
        }
        let text = "\(size.columns)x\(size.rows)"
        guard size.columns >= least.columns, size.rows >= least.rows else {
            return .fail("terminal-size", "\(text) is smaller than \(least.columns)x\(least.rows)",
                         hint: "choose a smaller console font (setfont) or a larger window")
        }
        return .pass("terminal-size", text)
    }

    /// LC_ALL, LC_CTYPE or LANG (the first set) is UTF-8.
    func locale() -> DoctorCheck {
        let env = machine.environment
        let name = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { key in env[key].flatMap { $0.isEmpty ? nil : "\(key)=\($0)" } }.first
        let utf8 = name.map { $0.lowercased().replacingOccurrences(of: "-", with: "").contains("utf8") } ?? false
        return utf8 ? .pass("locale", name ?? "")
            : .fail("locale", name.map { "\($0) is not UTF-8" } ?? "no LANG, LC_CTYPE or LC_ALL", hint: "set LANG=C.UTF-8 in the unit's Environment=")
    }

    /// The data folder is 0700 and no file in it is open to others.
    func dataFolder() -> DoctorCheck {
        guard let mode = PrivateFile.mode(of: dataDirectory) else {
            return .fail("data-folder", "\(dataDirectory) does not exist", hint: "StateDirectory=studyterm in the unit makes it, mode 0700")
        }
        if mode & 0o077 != 0 {
            return .fail("data-folder", "\(dataDirectory) has mode \(String(mode, radix: 8))", hint: "chmod 0700 \(dataDirectory)")
        }
        let open = (FileManager.default.enumerator(atPath: dataDirectory)?.allObjects as? [String] ?? []).sorted().filter { name in
            (PrivateFile.mode(of: dataDirectory + "/" + name) ?? 0) & 0o077 != 0
        }
        if let first = open.first {
            return .fail("data-folder", "\(open.count) file(s) others may read, first \(first)",
                         hint: "chmod -R go-rwx \(dataDirectory) and set UMask=0077 in the unit")
        }
        return .pass("data-folder", "\(dataDirectory) is 0700 and its files are private")
    }

    /// RLIMIT_CORE is 0.
    func coreDumps() -> DoctorCheck {
        let pattern = read(machine.procRoot + "/sys/kernel/core_pattern").map { "core_pattern \($0)" } ?? "core_pattern unknown"
        guard let limit = machine.coreLimit() else {
            return .fail("core-dumps", "RLIMIT_CORE cannot be read; \(pattern)", hint: "LimitCORE=0 in the unit")
        }
        return limit == 0 ? .pass("core-dumps", "RLIMIT_CORE is 0")
            : .fail("core-dumps", "RLIMIT_CORE is \(limit == UInt64(bitPattern: -1) ? "unlimited" : String(limit)); \(pattern)",
                    hint: "LimitCORE=0 in the unit (a core holds answers)")
    }

    /// kernel.sysrq is 0.
    func sysrq() -> DoctorCheck {
        let value = read(machine.procRoot + "/sys/kernel/sysrq")
        return value == "0" ? .pass("sysrq", "kernel.sysrq is 0")
            : .fail("sysrq", "kernel.sysrq is \(value ?? "unreadable")", hint: "install Resources/kiosk/90-studyterm-kiosk.conf in /etc/sysctl.d and run sysctl --system")
    }

    /// ctrl-alt-del.target is masked and CtrlAltDelBurstAction=none.
    func ctrlAltDel() -> DoctorCheck {
        let target = machine.etcRoot + "/systemd/system/ctrl-alt-del.target"
        let masked = (try? FileManager.default.destinationOfSymbolicLink(atPath: target)) == "/dev/null"
        let burst = SystemdSetting.value(of: "CtrlAltDelBurstAction", in: SystemdSetting.files(machine.etcRoot + "/systemd/system.conf"))
        switch (masked, burst == "none") {
        case (true, true): return .pass("ctrl-alt-del", "ctrl-alt-del.target is masked and CtrlAltDelBurstAction=none")
        case (false, _): return .fail("ctrl-alt-del", "ctrl-alt-del.target is not masked", hint: "systemctl mask ctrl-alt-del.target")
        case (true, false):
            return .fail("ctrl-alt-del", "CtrlAltDelBurstAction is \(burst ?? "not set (7 presses in 2 s reboot)")",
                         hint: "install Resources/kiosk/studyterm-kiosk-system.conf in /etc/systemd/system.conf.d")
        }
    }

    /// logind spawns no gettys on other VTs (NAutoVTs=0).
    func spareVTs() -> DoctorCheck {
        let value = SystemdSetting.value(of: "NAutoVTs", in: SystemdSetting.files(machine.etcRoot + "/systemd/logind.conf"))
        return value == "0" ? .pass("spare-vts", "NAutoVTs=0")
            : .fail("spare-vts", "NAutoVTs is \(value ?? "not set (gettys on Alt-F2..F6)")",
                    hint: "install Resources/kiosk/studyterm-kiosk-logind.conf in /etc/systemd/logind.conf.d")
    }

    /// The keymap switches no VT and has no Boot or Scroll keys.
    func keymapCheck() -> DoctorCheck {
        guard let text = try? String(contentsOfFile: keymap, encoding: .utf8) else {
            return .fail("keymap", "\(keymap) is missing", hint: "generate it with dumpkeys as StudyStations describes")
        }
        let found = text.components(separatedBy: .newlines).filter { $0.range(of: Self.forbiddenKeys, options: .regularExpression) != nil }
        return found.isEmpty ? .pass("keymap", "\(keymap) switches no VT and has no Boot or Scroll_Lock")
            : .fail("keymap", "\(keymap) still has \(found.count) line(s) with VT switching, Boot or Scroll keys",
                    hint: "regenerate it with the dumpkeys | sed line in StudyStations")
    }

    /// The clock is synchronized.
    func clock() -> DoctorCheck {
        switch machine.clockSynchronized() {
        case true?: return .pass("clock", "synchronized")
        case false?: return .fail("clock", "not synchronized", hint: "enable NTP: timedatectl set-ntp true")
        case nil: return .fail("clock", "cannot tell whether the clock is synchronized", hint: "check timedatectl show -p NTPSynchronized")
        }
    }

    /// The data folder has at least 50 MB free.
    func freeDisk() -> DoctorCheck {
        let at = PrivateFile.mode(of: dataDirectory) == nil ? "/" : dataDirectory
        guard let free = machine.freeBytes(at) else { return .fail("free-disk", "cannot read free space on \(at)", hint: "check df \(at)") }
        let mb = free / 1_048_576
        return free >= Self.minimumFreeBytes ? .pass("free-disk", "\(mb) MB free")
            : .fail("free-disk", "\(mb) MB free, less than \(Self.minimumFreeBytes / 1_048_576) MB", hint: "free space, or send and delete results")
    }

    /// The PIN file exists, is 0600 and reads as a PIN file.
    func pin() -> DoctorCheck {
        guard let mode = PrivateFile.mode(of: pinFile) else {
            return .fail("pin-file", "\(pinFile) does not exist", hint: "studyterm kiosk set-pin --config FILE")
        }
        if mode != 0o600 {
            return .fail("pin-file", "\(pinFile) has mode \(String(mode, radix: 8))", hint: "chmod 0600 \(pinFile)")
        }
        do { _ = try AdminPIN.read(from: pinFile) } catch {
            return .fail("pin-file", error.reason, hint: "studyterm kiosk set-pin --config FILE writes a new one")
        }
        return .pass("pin-file", "\(pinFile) is 0600")
    }

    /// A small file's first line, trimmed.
    private func read(_ path: String) -> String? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}

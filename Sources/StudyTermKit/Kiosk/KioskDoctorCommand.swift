import StudyCore

/// `studyterm kiosk doctor [--config FILE]`: one PASS or FAIL line per check of the machine.
package struct KioskDoctorCommand: StudyTermCommand {
    package static let spec = CommandSpec(
        path: ["kiosk", "doctor"],
        abstract: "Check the station machine: terminal, locale, data folder modes, core dumps, SysRq, Ctrl-Alt-Del, spare VTs, keymap, clock, disk, PIN.",
        discussion: "Prints one PASS or FAIL line per check, each FAIL with a hint. Run it as the station's user on the station's terminal.",
        options: [
            .value("config", "The station configuration (default data folder /var/lib/studyterm).", completes: .file),
            .value("keymap", "The console keymap the unit loads (default /etc/studyterm/kiosk.keymap).", completes: .file),
        ],
        exitStatus: [("0", "Every check passed."), ("1", "A check failed."), ("78", "The configuration is not valid.")])

    /// The station configuration.
    let config: String?
    /// The keymap file to check.
    let keymap: String?

    package init(_ arguments: ParsedArguments) { (config, keymap) = (arguments.value("config"), arguments.value("keymap")) }

    package func run() throws {
        let configuration = try config.map(KioskCheckConfigCommand.load)
        let data = configuration?.dataDirectory ?? "/var/lib/studyterm"
        var doctor = KioskDoctor(machine: .live, dataDirectory: data, pinFile: configuration?.adminPINFile ?? data + "/admin-pin.json")
        if let keymap { doctor.keymap = keymap }
        let checks = doctor.checks()
        for check in checks { Console.out(check.line) }
        let failed = checks.filter { !$0.passed }.count
        if failed > 0 { throw CLIError(message: "kiosk doctor: \(failed) of \(checks.count) checks failed", code: 1) }
    }
}

/// The `studyterm kiosk ...` commands: a group in the command table, named by two words.
package enum KioskCommands {
    /// The `kiosk` group: its spec (for `help kiosk`) and its commands, in the order help lists them.
    package static let group = CommandSpec(
        path: ["kiosk"],
        abstract: "Prepare and check a study station (kiosk mode).",
        discussion: """
            Run a station (studyterm kiosk --config FILE), check its configuration, register it with its study server, set the admin PIN, verify the \
            audit log, check the machine, clear the PIN lockout (root).
            """)

    /// The group's commands.
    package static let commands: [any StudyTermCommand.Type] = [
        KioskCheckConfigCommand.self, KioskRegisterCommand.self, KioskSetPINCommand.self, KioskVerifyAuditCommand.self, KioskDoctorCommand.self,
        KioskResetPINLockoutCommand.self,
    ]
}

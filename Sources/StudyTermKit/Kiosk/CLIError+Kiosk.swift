extension CLIError.Code {
    /// The station configuration is wrong (EX_CONFIG): the unit's `RestartPreventExitStatus=78`
    /// keeps systemd from restarting into the same mistake.
    package static let badConfiguration = Int32(78)
}

import StudyTermKit

/// What the manual page's EXIT STATUS and ENVIRONMENT sections say, next to the codes they name.
extension StudyTerm {
    /// Every exit status `studyterm` ends with, from the constants the commands throw.
    static let exitStatus: [(status: String, meaning: String)] = [
        ("\(RunOutputs.Status.completed)", "Success; for run, the task was completed."),
        ("\(CLIError.Code.invalidFile)", "The task file or study has errors (check, run, fhirpath); kiosk verify-audit: the audit log's chain is broken; kiosk doctor: a check failed; kiosk set-pin: the PINs differ or are not 6 to 16 digits."),
        ("\(CLIError.Code.runStopped)", "A scripted run, a restore or a prefill could not go on, or a file named cannot be read."),
        ("\(CLIError.Code.cannotWrite)", "A file cannot be written where asked."),
        ("\(CLIError.Code.dataUnavailable)", "The data folder or its database cannot be used (damaged, foreign, read-only, newer)."),
        ("\(CLIError.Code.folderInUse)", "Another studyterm uses the data folder, or (run) runs from the same snapshot; the message names it."),
        ("\(RunOutputs.Status.saved)", "run: the participant saved and left; --restore resumes."),
        ("\(RunOutputs.Status.discarded)", "run: the participant discarded the run."),
        ("\(RunOutputs.Status.earlyExit)", "run: the task's rules ended it early."),
        ("\(RunOutputs.Status.failed)", "run: the task failed."),
        ("\(SyncCommand.Status.waiting)", "sync: items still wait (the server could not be reached, failed or was busy); they are sent later."),
        ("\(SyncCommand.Status.parked)", "sync: the server refused items; they are kept, parked with its reasons (--retry-parked sends them again)."),
        ("\(CLIError.Code.usage)", "The command line is wrong (EX_USAGE); kiosk set-pin: standard input is not a terminal."),
        ("\(CLIError.Code.notPermitted)", "kiosk reset-pin-lockout: not run as root (EX_NOPERM)."),
        ("\(CLIError.Code.badConfiguration)", "kiosk: the station configuration has an unknown key or a bad value (EX_CONFIG); the message names the file, the key's JSON path and the reason."),
        ("128+n", "Stopped by signal n, after saving (129 SIGHUP, 130 SIGINT, 143 SIGTERM, and the other signals that end a program)."),
    ]

    /// The environment variables `studyterm` reads.
    static let environment: [(name: String, meaning: String)] = [
        ("XDG_DATA_HOME", "The data folder is $XDG_DATA_HOME/studyterm when it is an absolute path (else ~/.local/share/studyterm); --data-dir wins."),
        ("HOME", "Home of the default data folder, and a fallback folder for results that cannot be written where asked."),
        ("ACCESSIBLE", "When set and not 0, ask in plain numbered line prompts instead of a full screen (as --accessible)."),
        ("TERM", "The terminal type; dumb selects line prompts."),
        ("NO_COLOR", "When set and not empty, draw without colour."),
        ("COLUMNS", "The width line prompts wrap to when standard output is not a terminal."),
        ("STUDYTERM_ALLOW_HTTP", "1 allows a plain http:// study server beyond this computer."),
        ("STUDYTERM_CA_FILE", "A PEM file of certificates to trust for the study server, besides the system's."),
        ("STUDYTERM_RESOURCES", "The folder that holds demo-study, when it is not found beside the executable."),
    ]
}

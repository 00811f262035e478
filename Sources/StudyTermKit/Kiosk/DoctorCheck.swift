/// One line of `studyterm kiosk doctor`: what was checked, whether it passed, what was seen, and
/// on a failure what to do.
package struct DoctorCheck: Sendable, Equatable {
    /// The check's short name (`sysrq`, `pin-file`).
    package var name: String
    /// Whether the machine passes it.
    package var passed: Bool
    /// What was seen.
    package var detail: String
    /// What to do about a failure (nil when it passed).
    package var hint: String?

    /// A passing check.
    package static func pass(_ name: String, _ detail: String) -> DoctorCheck {
        DoctorCheck(name: name, passed: true, detail: detail, hint: nil)
    }

    /// A failing check with its hint.
    package static func fail(_ name: String, _ detail: String, hint: String) -> DoctorCheck {
        DoctorCheck(name: name, passed: false, detail: detail, hint: hint)
    }

    /// `PASS sysrq: kernel.sysrq is 0` or `FAIL sysrq: kernel.sysrq is 176 (hint: ...)`.
    package var line: String {
        (passed ? "PASS " : "FAIL ") + name + ": " + detail + (hint.map { " (hint: \($0))" } ?? "")
    }
}

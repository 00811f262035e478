extension HeadlessRunner {
    /// Why a scripted run skips a timed step (recorded as the step's skip reason).
    public static let timedReason = "A scripted run has no keys to time, so this timed task is not run."
}

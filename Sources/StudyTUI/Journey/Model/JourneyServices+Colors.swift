import StudyCore

extension JourneyServices {
    /// These services for a terminal that shows colours or not: every task they start gets an
    /// environment that knows it (a Stroop step on a monochrome terminal is then position-coded
    /// and says so), as `studyterm run` tells its task screen.
    public func showingColors(_ available: Bool) -> JourneyServices {
        var services = self
        let start = startTask
        services.startTask = { launch in
            start(launch).map { started in
                var task = started
                task.environment.colorsAvailable = task.environment.colorsAvailable && available
                return task
            }
        }
        return services
    }
}

import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Looks up the local time zone on a second thread while the main thread reads the task file
/// and sets up the terminal.
///
/// The first `TimeZone.current` loads ICU's time zone data, a few milliseconds that would
/// otherwise come before the first screen; the task screen needs the zone for its first step.
/// Foundation's time zone cache is locked, so the main thread simply waits if it gets there first.
enum TimeZoneWarmUp {
    static func start() {
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { _ in
            _ = TimeZone.current
            return nil
        }, nil)
        if created == 0 { pthread_detach(thread) }
    }
}

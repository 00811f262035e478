import Foundation
import StudyTermKit
import StudyTUI

/// The journey in line mode on standard input and output: one line session, its tasks asked as
/// line prompts inside it, until the participant quits or input ends. Tasks are recorded as from
/// the full screen: a snapshot after every answer, the finish once. The journey's ordinary line
/// mode has no idle timeout.
struct JourneyLineRunner {
    /// The journey's services.
    let services: JourneyServices

    /// Writes people's text (ASCII outside a UTF-8 locale); false once the reader has gone.
    private let io = LineIO()

    /// Runs the line session until the participant quits or input ends.
    func run() {
        let io = io
        var session = JourneyLineSession(services: services, output: io.write, read: io.read(until:),
                                         sleep: { Thread.sleep(forTimeInterval: $0) }, width: LineRunner.columns())
        _ = session.play()
        guard io.gone else { return }
        // Said on standard error: standard output has no reader any more (`| head`).
        if let notice = session.closingNotice { Console.err(notice) }
        Console.err("The output was closed (nobody reads it any more).")
    }
}

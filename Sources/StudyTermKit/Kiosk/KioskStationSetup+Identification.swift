import Foundation
import StudyCore
import StudyStore
import StudyTUI

extension KioskStationSetup {
    /// The salt file of the participant hashes: `participant-salt` in the data folder (mode 0600).
    package static func saltFile(_ configuration: KioskConfiguration) -> String {
        (configuration.dataDirectory as NSString).appendingPathComponent("participant-salt")
    }

    /// The roster of `roster` mode, read once at the start; a file that cannot be read or lists no
    /// identifier stops the station with exit 78 and one line naming the key.
    static func loadRoster(_ configuration: KioskConfiguration, file: String) throws -> ParticipantRoster? {
        guard case .roster(let path) = configuration.participantID else { return nil }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw CLIError(message: "\(file): participantID.file: the roster \(path) cannot be read as UTF-8 text",
                           code: CLIError.Code.badConfiguration)
        }
        let roster = ParticipantRoster(text: text)
        if roster.identifiers.isEmpty {
            throw CLIError(message: "\(file): participantID.file: the roster \(path) lists no identifier", code: CLIError.Code.badConfiguration)
        }
        return roster
    }

    /// The station's participant hasher (every mode that asks for an identifier), its salt made
    /// on the first start.
    static func loadHasher(_ configuration: KioskConfiguration) throws -> ParticipantHasher? {
        guard configuration.participantID != .anonymous else { return nil }
        do throws(PrivateFile.Failure) { return try ParticipantHasher.loadOrCreate(saltFile: saltFile(configuration)) } catch {
            throw CLIError(message: "the participant salt \(error.path) cannot be used: \(error.reason)", code: CLIError.Code.cannotWrite)
        }
    }

    /// The salted hashes of the participants of the sessions a crash left open, by session, for
    /// their `session-ended` records (none without a hasher: an anonymous station's are null).
    static func participantHashes(_ finalization: KioskFinalization, store: StudyStore,
                                  hasher: ParticipantHasher?) -> [UUID: ParticipantHash] {
        guard let hasher, let enrollments = try? store.allEnrollments() else { return [:] }
        var hashes: [UUID: ParticipantHash] = [:]
        for ending in finalization.endings {
            if let id = enrollments.first(where: { $0.id == ending.session.enrollmentID })?.participantID {
                hashes[ending.session.id] = hasher.hash(id)
            }
        }
        return hashes
    }

    /// The station program's configuration: the identification (with the roster) and the consent
    /// (the study's, when the configuration asks for it).
    package var station: KioskStation { KioskStation(configuration, roster: roster, study: study) }
}

import Foundation
import StudyStore

/// Finishes a registration the server accepted but this computer did not enroll (the process
/// ended between keeping the credentials and storing the enrollment): the enrollment is made
/// from the credentials and the consent recorded before them, so the next start opens the study
/// and fetches it without asking for the token again.
package enum RegistrationRecovery {
    /// The enrollment recovered, if there is no current one and credentials wait without one.
    package static func recover(_ store: StudyStore) throws(StoreError) -> Enrollment? {
        guard try store.currentEnrollment() == nil else { return nil }
        let enrolled = Set(try store.allEnrollments().compactMap(\.participantID))
        for credential in try store.allCredentials().reversed() where !enrolled.contains(credential.participantID) {
            guard let consent = try store.latestConsent(studyID: credential.studyID), consent.agreedAt <= credential.savedAt else { continue }
            return try store.enroll(Enrollment(studyID: credential.studyID, studyVersion: consent.definitionVersion,
                                               participantID: credential.participantID, baseURL: credential.baseURL,
                                               enrolledAt: consent.agreedAt))
        }
        return nil
    }
}

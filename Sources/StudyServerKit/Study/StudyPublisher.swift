import Foundation
import ServerStore
import StudyAPI
import StudyCore
import StudyFHIR

/// Turns a study folder into the version every server process serves: the registration summary,
/// the study document with its files, and the document's ETag.
struct StudyPublisher {
    /// Checks the definition and its tasks as the app does (Sage and FHIR importers).
    var loader = StudyDefinitionLoader(taskLoader: TaskFileLoader(importers: [QuestionnaireImporter(), SageTaskImporter()]))

    /// The folder's study, checked; `TaskLoadError` names every problem with its file and place.
    func publication(folder path: String, at date: Date) throws -> PublishedStudy {
        let loaded = try loader.load(path: path)
        let definition = loaded.definition
        let studyFile = definition.location ?? URL(fileURLWithPath: path).appendingPathComponent(StudyDefinitionLoader.fileName)
        let json = try JSONParser.parse(try Data(contentsOf: studyFile))
        let files = try StudyFolderFiles(folder: studyFile.deletingLastPathComponent()).files(definition: definition, json: json)
        let encoder = APICoding.encoder()
        let document = try encoder.encode(StudyDocument(studyID: definition.identifier, version: definition.version, definition: json, files: files))
        let consentHash = Digest.sha256Hex(definition.consentTextShown)
        let info = try encoder.encode(RegistrationInfo(definition, consentSHA256: consentHash))
        return PublishedStudy(studyID: definition.identifier, version: definition.version, consentVersion: definition.consent.version,
                              consentSHA256: consentHash, registrationInfo: info, document: document,
                              etag: "\"" + Digest.sha256Hex(document) + "\"", publishedAt: date)
    }
}

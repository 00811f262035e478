import StudyCore

extension QuestionnaireImporter {
    /// A Questionnaire imported together with a QuestionnaireResponse that prefills it.
    public struct Prefilled: Sendable {
        /// The Questionnaire, offering every answer the response gave (see `extraOptions`).
        public var imported: ImportedQuestionnaire
        /// The response's answers for that Questionnaire, its problems and the answers it offers in addition.
        public var reading: QuestionnaireResponseReader.Reading
    }

    /// Imports `questionnaire` and reads `response` for it. Answers that none of an item's options
    /// match are kept: the Questionnaire is imported again offering them, and each is reported in
    /// `reading.diagnostics`, so exporting the run gives them back unchanged.
    public func importQuestionnaire(from questionnaire: JSONValue, file: FileReference, prefilledWith response: JSONValue,
                                    responseFile: String) throws(TaskLoadError) -> Prefilled {
        var imported = try importQuestionnaire(from: questionnaire, file: file)
        var reading = QuestionnaireResponseReader(model: imported.model).read(response, file: responseFile)
        guard !reading.unlisted.isEmpty else { return Prefilled(imported: imported, reading: reading) }
        var widened = self
        for (linkId, values) in reading.unlisted { widened.extraOptions[linkId, default: []] += values }
        imported = try widened.importQuestionnaire(from: questionnaire, file: file)
        reading.answers = QuestionnaireResponseReader(model: imported.model).read(response, file: responseFile).answers
        return Prefilled(imported: imported, reading: reading)
    }
}

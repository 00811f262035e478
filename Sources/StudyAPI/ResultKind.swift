import Foundation

/// What a result item carries (`ResultKind`); the app's outbox kinds, less the withdrawal
/// (which is `DELETE /registration`).
public enum ResultKind: String, Codable, Sendable, Equatable, CaseIterable {
    /// A task result.
    case taskResult
    /// A FHIR QuestionnaireResponse.
    case questionnaireResponse
    /// A FHIR Observation.
    case observation
}

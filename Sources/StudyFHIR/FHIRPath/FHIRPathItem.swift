import StudyCore

/// One element of a FHIRPath collection: a primitive or a JSON node, with the linkId of the
/// QuestionnaireResponse item it was reached through (so `ordinal()` can find the item's options).
public struct FHIRPathItem: Sendable, Equatable {
    /// The value.
    public var value: FHIRPathValue
    /// The linkId of the nearest enclosing response item, when known.
    public var linkId: String?
    /// The FHIR type named by the choice element it was read from (`Quantity` for `valueQuantity`).
    public var choiceType: String?
    /// The `_name` element of a JSON primitive (its id and extensions), when the resource has one.
    public var primitiveElement: JSONValue?

    /// Wraps a value.
    public init(_ value: FHIRPathValue, linkId: String? = nil) {
        self.value = value
        self.linkId = linkId
    }
}

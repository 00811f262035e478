import Foundation
import StudyAPI
import StudyCore

extension ResultBatch {
    /// The batch read from an already parsed body when it has exactly the shape the decoder takes
    /// (an `items` array of objects with a UUID `id`, a known `kind`, and object `payload` and
    /// `metadata`); nil otherwise, so that the decoder's refusal names the field.
    init?(parsed body: JSONValue) {
        guard case .object(let top) = body, case .array(let entries)? = top["items"] else { return nil }
        var items: [ResultItem] = []
        items.reserveCapacity(entries.count)
        for entry in entries {
            guard case .object(let fields) = entry, case .string(let idText)? = fields["id"], let id = UUID(uuidString: idText),
                  case .string(let kindText)? = fields["kind"], let kind = ResultKind(rawValue: kindText),
                  let payload = fields["payload"], case .object = payload,
                  let metadata = fields["metadata"], case .object = metadata else { return nil }
            items.append(ResultItem(id: id, kind: kind, payload: payload, metadata: metadata))
        }
        self.init(items: items)
    }
}

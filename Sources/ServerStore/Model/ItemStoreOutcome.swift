import Foundation

/// What ``ServerStorage/storeItems(_:participantID:at:)`` did with a batch. First write wins:
/// an item id is stored once per participant, and a run UUID belongs to the participant who
/// first stored an item under it. A refused batch stores nothing.
public enum ItemStoreOutcome: Sendable, Equatable {
    /// Every item is stored: new ones now, replays (the same content again) before. The ids, in batch order, once each.
    case stored([UUID])
    /// The item at `index` of the batch (the first refused) breaks the rule; nothing was stored.
    case refused(index: Int, Conflict)

    /// Why an item is refused.
    public enum Conflict: Sendable, Equatable {
        /// The participant already stored this item id with other content (or the batch repeats it so).
        case changedContent
        /// Another participant stored items under this run UUID first.
        case runOfAnotherParticipant
    }
}

/// A refusal on its way out of a transaction (it rolls the transaction back).
struct ItemRefusal: Error {
    /// The batch index.
    let index: Int
    /// Why.
    let conflict: ItemStoreOutcome.Conflict
}

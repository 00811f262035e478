import Foundation

/// `POST /results`: a batch of items (`ResultBatch`).
public struct ResultBatch: Codable, Sendable, Equatable {
    /// The most items one batch may hold.
    public static let maximumItems = 1000

    /// The items.
    public var items: [ResultItem]

    /// A batch.
    public init(items: [ResultItem]) { self.items = items }
}

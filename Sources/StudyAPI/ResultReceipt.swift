import Foundation

/// `POST /results`' answer (`ResultReceipt`): the ids stored; the client drops exactly these.
public struct ResultReceipt: Codable, Sendable, Equatable {
    /// The ids stored.
    public var stored: [UUID]

    /// A receipt.
    public init(stored: [UUID]) { self.stored = stored }
}

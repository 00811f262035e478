import Foundation

/// How many registration tokens are open and redeemed.
public struct TokenCounts: Sendable, Equatable {
    /// Never used.
    public var open: Int
    /// Used by a registration.
    public var redeemed: Int

    /// Counts.
    public init(open: Int, redeemed: Int) {
        self.open = open
        self.redeemed = redeemed
    }
}

/// A move between the parts of an entry.
public enum PartMove: Sendable, Equatable {
    /// The next part (Tab); refused at the last.
    case next
    /// The previous part (Shift-Tab); refused at the first.
    case previous
    /// The first part (the focus arrived going forward).
    case first
    /// The last part (the focus arrived going back).
    case last

    /// The part index after this move from `index` among `count` parts; nil past either end.
    public func target(from index: Int, count: Int) -> Int? {
        let target: Int
        switch self {
        case .next: target = index + 1
        case .previous: target = index - 1
        case .first: target = 0
        case .last: target = count - 1
        }
        return target >= 0 && target < count ? target : nil
    }
}

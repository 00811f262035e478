/// The items of a Questionnaire in document order, with parent links and a linkId index.
public struct ItemTable: Sendable {
    /// Every item (depth-first, document order).
    public let items: [QuestionnaireItem]
    /// The parent's position in `items`, or -1 at the top.
    public let parent: [Int]
    /// linkId → position in `items`.
    public let index: [String: Int]
    /// The nearest ancestor answered as repetitions (repeating group, repeating question with children), or -1.
    public let repetitionScope: [Int]
    /// One past the position of the last descendant: the subtree of `i` is `i..<subtreeEnd[i]`.
    public let subtreeEnd: [Int]

    /// Flattens an item tree.
    public init(items roots: [QuestionnaireItem]) {
        var items: [QuestionnaireItem] = [], parent: [Int] = [], scope: [Int] = [], index: [String: Int] = [:]
        var end: [Int] = []
        func add(_ list: [QuestionnaireItem], _ p: Int, _ s: Int) {
            for item in list {
                let k = items.count
                items.append(item)
                parent.append(p)
                scope.append(s)
                end.append(k + 1)
                if index[item.linkId] == nil { index[item.linkId] = k }
                add(item.children, k, item.answersAsRepetitions ? k : s)
                end[k] = items.count
            }
        }
        add(roots, -1, -1)
        self.items = items
        self.parent = parent
        self.index = index
        self.repetitionScope = scope
        self.subtreeEnd = end
    }

    /// True when the item at `i` or one of its descendants takes answers.
    public func hasQuestion(at i: Int) -> Bool {
        items[i..<subtreeEnd[i]].contains { $0.isQuestion }
    }
}

/// Who depends on whom among the items of a Questionnaire: enableWhen questions, parents (a
/// disabled item disables its descendants) and the items expressions read.
struct DependencyGraph {
    /// Items to re-evaluate when an item changes (explicit edges only).
    let dependents: [[Int]]
    /// Items whose expressions may read any answer.
    let wildcard: [Int]
    private let isWildcard: [Bool]

    /// Builds the graph from resolved conditions and expression scans.
    init(table: ItemTable, conditions: [[ConditionProgram.Condition]], scans: [DependencyScan?]) {
        let n = table.items.count
        var deps = [[Int]](repeating: [], count: n)
        var wild: [Int] = []
        var children = [[Int]](repeating: [], count: n)
        for i in 0..<n where table.parent[i] >= 0 { children[table.parent[i]].append(i) }
        func subtree(_ i: Int) -> [Int] {
            var out: [Int] = [], stack = [i]
            while let k = stack.popLast() { out.append(k); stack.append(contentsOf: children[k]) }
            return out
        }
        for i in 0..<n {
            if table.parent[i] >= 0 { deps[table.parent[i]].append(i) }
            for c in conditions[i] where c.question >= 0 && c.question != i { deps[c.question].append(i) }
            guard let scan = scans[i] else { continue }
            if scan.everything { wild.append(i); continue }
            for id in scan.linkIds {
                guard let k = table.index[id] else { continue }
                for s in subtree(k) where s != i { deps[s].append(i) }
            }
        }
        dependents = deps.map { Array(Set($0)).sorted() }
        wildcard = wild
        var flags = [Bool](repeating: false, count: n)
        for w in wild { flags[w] = true }
        isWildcard = flags
    }

    /// A topological order of the strongly connected components, with the rank ranges of cycles.
    /// Wildcard items count as depending on every other item.
    func evaluationOrder() -> (order: [Int], rank: [Int], cycles: [Int: ClosedRange<Int>]) {
        let components = stronglyConnected(includeWildcard: true)
        var order: [Int] = [], rank = [Int](repeating: 0, count: dependents.count), cycles: [Int: ClosedRange<Int>] = [:]
        for comp in components.reversed() {
            let start = order.count
            for i in comp.sorted() { rank[i] = order.count; order.append(i) }
            if comp.count > 1 || dependents[comp[0]].contains(comp[0]) {
                for i in comp { cycles[i] = start...(order.count - 1) }
            }
        }
        return (order, rank, cycles)
    }

    /// Cycles made by enableWhen, parents and expressions that name items (not by wildcard reads).
    func explicitCycles() -> [[Int]] {
        stronglyConnected(includeWildcard: false).filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
    }

    /// Tarjan's algorithm without recursion; components come out in reverse topological order.
    private func stronglyConnected(includeWildcard: Bool) -> [[Int]] {
        let n = dependents.count
        var index = [Int](repeating: -1, count: n), low = [Int](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n), stack: [Int] = [], out: [[Int]] = []
        var counter = 0
        func neighbours(_ v: Int) -> [Int] {
            guard includeWildcard, !wildcard.isEmpty else { return dependents[v] }
            return dependents[v] + wildcard.filter { $0 != v }
        }
        for start in 0..<n where index[start] < 0 {
            var work: [(v: Int, next: [Int], i: Int)] = [(start, neighbours(start), 0)]
            index[start] = counter; low[start] = counter; counter += 1
            stack.append(start); onStack[start] = true
            while !work.isEmpty {
                let top = work.count - 1
                let v = work[top].v
                if work[top].i < work[top].next.count {
                    let w = work[top].next[work[top].i]
                    work[top].i += 1
                    if index[w] < 0 {
                        index[w] = counter; low[w] = counter; counter += 1
                        stack.append(w); onStack[w] = true
                        work.append((w, neighbours(w), 0))
                    } else if onStack[w] {
                        low[v] = min(low[v], index[w])
                    }
                    continue
                }
                work.removeLast()
                if let p = work.last?.v { low[p] = min(low[p], low[v]) }
                if low[v] == index[v] {
                    var comp: [Int] = []
                    while let w = stack.popLast() {
                        onStack[w] = false
                        comp.append(w)
                        if w == v { break }
                    }
                    out.append(comp)
                }
            }
        }
        return out
    }
}

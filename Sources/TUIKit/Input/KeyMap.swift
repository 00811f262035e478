import Foundation

/// Key bindings as data: the update function and the help bar both read the same list.
public struct KeyMap<Action: Sendable>: Sendable {
    /// The bindings in help order; the first enabled binding for a key wins.
    public var bindings: [KeyBinding<Action>]

    /// A key map from its bindings.
    public init(_ bindings: [KeyBinding<Action>]) {
        self.bindings = bindings
    }

    /// The action an enabled binding assigns to `key`, if any.
    public func action(for key: Key) -> Action? {
        bindings.first { $0.isEnabled && $0.keys.contains(key) }?.action
    }

    /// The action for a terminal event when it is a key press.
    public func action(for event: TerminalEvent) -> Action? {
        if case .key(let key) = event { return action(for: key) }
        return nil
    }

    /// The help entries of the enabled bindings, in order ("Enter next", "Tab field").
    public var helpItems: [String] {
        // A loop, not filter/compactMap: those run unspecialized here (KeyMap is generic) and
        // resolve their witnesses at run time when the first screen's help line is drawn.
        var items: [String] = []
        for binding in bindings where binding.isEnabled {
            if let label = binding.helpLabel { items.append(label) }
        }
        return items
    }
}

extension KeyMap: Equatable where Action: Equatable {}
extension KeyMap: Hashable where Action: Hashable {}

extension KeyMap where Action: Equatable {
    /// Enables or disables every binding for `action` (e.g. "back" on the first step).
    public mutating func setEnabled(_ enabled: Bool, for action: Action) {
        for index in bindings.indices where bindings[index].action == action {
            bindings[index].isEnabled = enabled
        }
    }

    /// A copy with the bindings for `action` enabled or disabled.
    public func enabling(_ action: Action, _ enabled: Bool) -> KeyMap {
        var copy = self
        copy.setEnabled(enabled, for: action)
        return copy
    }
}

import Foundation

/// One entry of a key map: the keys, the action they trigger, and how help shows them.
///
/// `Action` carries no protocol requirement of its own (equality comes with the extensions that
/// need it): a generic type with requirements costs a scan of every protocol conformance in the
/// program when it is first used, and key maps are built before the first screen.
public struct KeyBinding<Action: Sendable>: Sendable {
    /// Keys that trigger the action (the first is the one help mentions by default).
    public var keys: [Key]
    /// What the keys do.
    public var action: Action
    /// The key as help shows it ("Enter", "↑/↓").
    public var helpKey: String
    /// What help says the keys do ("next", "move"); empty hides the binding from help.
    public var helpText: String
    /// Disabled bindings neither match keys nor show in help.
    public var isEnabled: Bool

    /// A binding; `helpKey` defaults to the labels of the keys joined with `/`.
    public init(
        _ keys: [Key], _ action: Action, help helpText: String, helpKey: String? = nil,
        isEnabled: Bool = true
    ) {
        self.keys = keys
        self.action = action
        self.helpText = helpText
        self.helpKey = helpKey ?? keys.map(\.label).joinedBySeparator("/")
        self.isEnabled = isEnabled
    }

    /// A binding for a single key.
    public init(_ key: Key, _ action: Action, help helpText: String, helpKey: String? = nil) {
        self.init([key], action, help: helpText, helpKey: helpKey)
    }

    /// The help entry, `"Enter next"`; nil when the binding is hidden from help.
    public var helpLabel: String? {
        helpText.isEmpty ? nil : helpKey + " " + helpText
    }
}

extension KeyBinding: Equatable where Action: Equatable {}
extension KeyBinding: Hashable where Action: Hashable {}

/// Paths to items in messages: `item[linkId=phq9]/item[linkId=q1]`.
enum ItemPath {
    /// The path of a child item below `parent` ("" at the top).
    static func child(_ parent: String, linkId: String?, index: Int) -> String {
        let step = linkId.map { "item[linkId=\($0)]" } ?? "item[\(index)]"
        return parent.isEmpty ? step : parent + "/" + step
    }

    /// A member of an item (`item[linkId=q1].enableWhen[0]`).
    static func member(_ path: String, _ name: String) -> String {
        path.isEmpty ? name : path + "." + name
    }
}

import Foundation

/// Loads tasks and steps that a file names by `resourceName`, relative to that file.
struct ResourceLoader {
    /// The node holding `resourceName`.
    let node: JSONNode

    /// Reads and parses a resource; errors name the resource and where it was looked for.
    private func read(_ name: String, key: String) -> JSONNode? {
        guard let url = node.file.resolve(resourceName: name) else {
            let dir = node.file.url.deletingLastPathComponent().path
            let tried = name.hasSuffix(".json") ? name : "\(name).json"
            node.error("resource \"\(name)\" not found: looked for \(tried) in \(dir)", at: key)
            return nil
        }
        let standard = url.standardizedFileURL
        if node.sink.loadingStack.contains(where: { $0.url.standardizedFileURL == standard }) {
            node.error("resource \"\(name)\" includes itself (a cycle through \(url.lastPathComponent))", at: key)
            return nil
        }
        let ref = FileReference(url: url, displayName: Self.displayName(for: url, from: node.file))
        let json: JSONValue
        do {
            json = try JSONParser.parse(try Data(contentsOf: url))
        } catch let e as JSONSyntaxError {
            node.sink.add(Diagnostic(.error, file: ref.displayName, path: "line \(e.line), column \(e.column)", message: e.reason))
            return nil
        } catch {
            node.error("resource \"\(name)\" cannot be read: \(error.localizedDescription)", at: key)
            return nil
        }
        return JSONNode(value: json, path: "", file: ref, sink: node.sink)
    }

    /// A resource's name in messages: relative to the referring file's folder when it is beside it.
    static func displayName(for url: URL, from file: FileReference) -> String {
        let base = (file.displayName as NSString).deletingLastPathComponent
        return base.isEmpty ? url.lastPathComponent : (base as NSString).appendingPathComponent(url.lastPathComponent)
    }

    private func withResource<T>(_ resource: JSONNode, _ body: () -> T?) -> T? {
        node.sink.loadingStack.append(resource.file)
        defer { node.sink.loadingStack.removeLast() }
        return body()
    }

    /// A whole task from another file (task info, transformable assessment).
    func loadTask(resourceName: String, key: String, identifier: String) -> TaskDefinition? {
        guard let resource = read(resourceName, key: key) else { return nil }
        return withResource(resource) {
            guard resource.requireObject("the resource") != nil else { return nil }
            if !resource.has("steps") {
                resource.error("expected a task with \"steps\" (referenced from \(node.file.displayName): \(node.path(key)))")
                return nil
            }
            return SageTaskImporter.decodeTask(resource, identifierOverride: identifier)
        }
    }

    /// A `transform` step: the resource's step under this identifier, with the transform's overrides.
    /// `direct`: the step names its resource with its own `resourceName` (next to a custom type),
    /// not through a `resourceTransformer`.
    func loadTransform(stepID: String, direct: Bool = false) -> StepDefinition? {
        let name: String?
        let key: String
        if direct {
            (name, key) = (node.string("resourceName", required: true), "resourceName")
        } else {
            guard let transformer = node.object("resourceTransformer", required: true) else { return nil }
            (name, key) = (transformer.string("resourceName", required: true), "resourceTransformer.resourceName")
        }
        guard let name, let resource = read(name, key: key), case .object(var merged) = resource.value else { return nil }
        guard case .object(let overrides) = node.value else { return nil }
        merged["identifier"] = .string(stepID)
        if merged["type"] == nil || merged["type"] == "assessment" { merged["type"] = "section" }
        for (key, value) in overrides where !["identifier", "type", "resourceTransformer", "resourceName", "steps"].contains(key) {
            if key == "asyncActions", case .array(let extra) = value {
                merged[key] = .array((merged[key]?.arrayValue ?? []) + extra)
            } else {
                merged[key] = value
            }
        }
        if let partials = node.array("steps") {
            var children = merged["steps"]?.arrayValue ?? []
            for partial in partials {
                guard case .object(let p) = partial.value, let id = p["identifier"]?.stringValue else {
                    partial.error("a step override needs an \"identifier\"")
                    continue
                }
                guard let i = children.firstIndex(where: { $0["identifier"]?.stringValue == id }),
                    case .object(var child) = children[i]
                else {
                    partial.error("step override \"\(id)\" matches no step of resource \"\(name)\"")
                    continue
                }
                for (k, v) in p { child[k] = v }
                children[i] = .object(child)
            }
            merged["steps"] = .array(children)
        }
        let mergedNode = JSONNode(value: .object(merged), path: "", file: resource.file, sink: node.sink)
        return withResource(resource) {
            SageStepDecoder(format: SageTaskImporter.format(of: resource)).decodeStep(mergedNode)
        }
    }
}

import AlphaHitBasics
import AlphaHitEngine
import AlphaHitJSON

/// One line of a change script (`hittest replay`): a change to the scene, or a query. See `Docs/LiveScenes.md`, "Scripts".
package enum ScriptLine: Sendable {
    /// A blank line, or a comment (`#`).
    case nothing
    case change(LayoutChange)
    /// Points to answer, with the line's tolerance (nil: the layout's).
    case query([Point], tolerance: Double?)
}

/// What is wrong with a script line: every problem, each at its JSON path (in the line for its
/// own keys, in the layout for an element's keys), and for a query line the number of points it
/// lists, each of which is answered as malformed.
package struct ScriptLineError: Error, Sendable {
    package var problems: [LayoutProblem]
    package var queryPoints = 0
}

extension ScriptLine {
    /// Reads one line of a script against the layout as it is before the line.
    package static func parse(_ text: some Collection<UInt8>, layout: Layout) throws(ScriptLineError) -> ScriptLine {
        let bytes = Array(text)
        let trimmed = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        if trimmed.isEmpty || trimmed.first == UInt8(ascii: "#") { return .nothing }
        let document: JSONDocument
        do throws(JSONSyntaxError) {
            document = try JSONParser.parse(bytes)
        } catch {
            throw ScriptLineError(problems: [LayoutProblem(at: .root, "invalid JSON at column \(error.column): \(error.message)", line: nil, column: error.column)])
        }
        var decoder = LayoutDecoder()
        let line = withExtendedLifetime(document) { decoder.scriptLine(document.root, layout: layout) }
        if decoder.problems.isEmpty, let line { return line }
        throw ScriptLineError(problems: decoder.problems.inFileOrder(), queryPoints: decoder.queryPoints)
    }
}

extension LayoutDecoder {
    static let commandNames = ["set", "add", "remove", "move", "query"]
    static let setKeys = KeySet(ElementKey.allCases.map { "\($0)" } + ["set"])
    static let addKeys = KeySet(["add", "parent", "index"])
    static let removeKeys = KeySet(["remove"])
    static let moveKeys = KeySet(["move", "parent", "index"])
    static let queryKeys = KeySet(["query", "tolerance"])

    /// The line's command, or nil after adding its problems.
    mutating func scriptLine(_ root: JSONNode, layout: Layout) -> ScriptLine? {
        guard case .object(let members) = root.value else {
            add(.root, "a line must be a JSON object, not \(root.value.kind)", node: root)
            return nil
        }
        let named = Self.commandNames.filter { members.value(forKey: $0) != nil }
        guard named.count == 1, let command = named.first else {
            add(.root, named.isEmpty
                ? "a line must have one of \(Self.commandNames.map { "\"\($0)\"" }.joined(separator: ", "))"
                : "a line has one command, not \(named.map { "\"\($0)\"" }.joined(separator: " and "))", node: root)
            return nil
        }
        switch command {
        case "set": return setLine(root, layout: layout)
        case "add": return addLine(root, layout: layout)
        case "remove":
            guard let fields = object(root, at: .root, keys: Self.removeKeys), let id = string(fields["remove"], at: .root["remove"]) else { return nil }
            return .change(.remove(id: id))
        case "move": return moveLine(root, layout: layout)
        default: return queryLine(root)
        }
    }

    /// `{"set": "ID", KEY: VALUE, …}`: each key read at the element's path, null for its default.
    private mutating func setLine(_ root: JSONNode, layout: Layout) -> ScriptLine? {
        guard let fields = object(root, at: .root, keys: Self.setKeys), let id = string(fields["set"], at: .root["set"]) else { return nil }
        guard let place = layout.place(of: id) else {
            add(.root["set"], LayoutChangeError.unknownID(id).description, node: fields["set"])
            return nil
        }
        let path = LayoutPath.element(at: place)
        var update = ElementUpdate()
        for key in ElementKey.allCases {
            guard let node = fields[key] else { continue }
            switch key {
            case .id: add(path["id"], "an element's id cannot be set: remove the element and add it again", node: node)
            case .children: add(path["children"], "children cannot be set: add, remove or move them", node: node)
            default:
                if case .null = node.value {
                    // null restores the default, which `update.values` holds; frame has none.
                    if key == .frame { add(path["frame"], "is required and cannot be cleared", node: node) }
                } else {
                    read(key, node, into: &update.values, at: path, depth: place.count)
                }
                update.keys.append(key)
            }
        }
        let given = update
        return .change(.update(id: id) { given.apply(to: &$0) })
    }

    /// `{"add": ELEMENT, "parent": "ID", "index": N}`: the element read at the path it will have.
    private mutating func addLine(_ root: JSONNode, layout: Layout) -> ScriptLine? {
        guard let fields = object(root, at: .root, keys: Self.addKeys) else { return nil }
        var parentPlace: [Int] = []
        var parent: String?
        if let node = fields["parent"] {
            parent = string(node, at: .root["parent"])
            if let parent {
                guard let place = layout.place(of: parent) else {
                    add(.root["parent"], LayoutChangeError.unknownID(parent).description, node: node)
                    return nil
                }
                parentPlace = place
            }
        }
        let index = position(fields["index"])
        let siblings = parentPlace.isEmpty ? layout.elements.count : layout[parentPlace].children.count
        let place = parentPlace + [min(index ?? siblings, siblings)]
        guard let node = fields["add"] else { return nil }
        let element = standaloneElement(node, at: LayoutPath.element(at: place), depth: place.count)
        return .change(.add(element, parent: parent, index: index))
    }

    /// `{"move": "ID", "parent": "ID" or null, "index": N}`.
    private mutating func moveLine(_ root: JSONNode, layout: Layout) -> ScriptLine? {
        guard let fields = object(root, at: .root, keys: Self.moveKeys), let id = string(fields["move"], at: .root["move"]) else { return nil }
        var destination = LayoutChange.Destination.sameParent
        if let node = fields["parent"] {
            if case .null = node.value {
                destination = .topLevel
            } else if let parent = string(node, at: .root["parent"]) {
                destination = .element(parent)
            }
        }
        return .change(.move(id: id, parent: destination, index: position(fields["index"])))
    }

    /// `{"query": [[X, Y], …], "tolerance": R}`.
    private mutating func queryLine(_ root: JSONNode) -> ScriptLine? {
        guard let fields = object(root, at: .root, keys: Self.queryKeys), let node = fields["query"] else { return nil }
        guard case .array(let items) = node.value else {
            add(.root["query"], "must be an array of points [x, y], not \(node.value.kind)", node: node)
            return nil
        }
        queryPoints = items.count
        var points: [Point] = []
        for (offset, item) in items.enumerated() {
            guard case .array(let pair) = item.value, pair.count == 2 else {
                add(.root["query"][offset], "must be a point [x, y] of two numbers", node: item)
                continue
            }
            let x = number(pair[0], at: .root["query"][offset][0]), y = number(pair[1], at: .root["query"][offset][1])
            if let x, let y { points.append(Point(x: x, y: y)) }
        }
        var tolerance: Double?
        if let node = fields["tolerance"], let value = number(node, at: .root["tolerance"]) {
            if value >= 0 { tolerance = value } else { add(.root["tolerance"], "must be a finite number of at least 0", node: node) }
        }
        return .query(points, tolerance: tolerance)
    }

    /// A sibling position: a whole number ≥ 0, or nil when absent (or wrong, after its problem).
    private mutating func position(_ node: JSONNode?) -> Int? {
        guard let node, let value = number(node, at: .root["index"]) else { return nil }
        guard value == value.rounded(), value >= 0, value < 1e9 else {
            add(.root["index"], "must be a whole number ≥ 0 (a position among the siblings, 0 the back-most)", node: node)
            return nil
        }
        return Int(value)
    }
}

import AlphaHitAtlas
import AlphaHitBasics
import AlphaHitEngine
import AlphaHitJSON

/// Turns parsed JSON into a ``Layout``, collecting every structural problem with its path and
/// line instead of stopping at the first. Broken values are replaced by harmless ones so the
/// rest of the file is still checked.
struct LayoutDecoder {
    var problems: [LayoutProblem] = []
    /// The line each element starts at, in pre-order (the order the engine lists elements in).
    var elementLines: [Int] = []
    /// How many points a script's query line lists (see ``ScriptLineError``).
    var queryPoints = 0

    static let rootKeys = KeySet(["version", "canvas", "defaults", "elements"])
    static let canvasKeys = KeySet(["width", "height"])
    static let defaultsKeys = KeySet(["alphaThreshold", "imageScale", "contentMode", "touchTolerance"])
    static let frameKeys = KeySet(FrameKey.allCases.map { "\($0)" })
    static let capInsetsKeys = KeySet(["top", "left", "bottom", "right"])
    static let shapeKeys = KeySet(["type", "radius", "corners"])
    static let transformKeys = KeySet(["rotate", "scale", "translate"])
    static let elementKeys = KeySet(ElementKey.allCases.map { "\($0)" })

    /// An element object's keys, in `elementKeys` order: read by position, since hundreds of
    /// thousands of elements make even a short search per key add up.
    enum ElementKey: Int, CaseIterable {
        case id, frame, image, imageScale, contentMode, capInsets, resizingMode, alphaThreshold, shape
        case transform, hidden, interactive, opacity, clipsToBounds, touchTolerance, children, states, state
    }

    /// A frame object's keys, in `frameKeys` order.
    enum FrameKey: Int, CaseIterable {
        case x, y, width, height
    }

    mutating func decode(_ root: JSONNode) -> Layout {
        var layout = Layout(elements: [])
        guard let members = object(root, at: .root, keys: Self.rootKeys) else { return layout }
        switch members["version"]?.value {
        case nil:
            add(.root["version"], "is required; this release reads version 1", node: root)
        case .number(let version) where LayoutFile.supportedVersions.contains(where: { Double($0) == version }):
            break
        case .number(let version):
            add(.root["version"], "\(Self.compact(version)) is not supported; this release reads version 1", node: members["version"])
        default:
            add(.root["version"], "must be the number 1", node: members["version"])
        }
        if let canvas = members["canvas"], let fields = object(canvas, at: .root["canvas"], keys: Self.canvasKeys) {
            layout.canvas = Size(
                width: number(fields["width"], at: .root["canvas"]["width"], required: true, in: canvas) ?? 0,
                height: number(fields["height"], at: .root["canvas"]["height"], required: true, in: canvas) ?? 0)
        }
        if let defaults = members["defaults"], let fields = object(defaults, at: .root["defaults"], keys: Self.defaultsKeys) {
            layout.defaults.alphaThreshold = number(fields["alphaThreshold"], at: .root["defaults"]["alphaThreshold"])
            layout.defaults.imageScale = number(fields["imageScale"], at: .root["defaults"]["imageScale"])
            layout.defaults.contentMode = choice(fields["contentMode"], at: .root["defaults"]["contentMode"], ContentMode.self)
            layout.defaults.touchTolerance = number(fields["touchTolerance"], at: .root["defaults"]["touchTolerance"])
        }
        if let elements = members["elements"] {
            layout.elements = topLevelElements(elements)
        } else {
            add(.root["elements"], "is required: an array of elements, back to front", node: root)
        }
        return layout
    }

    /// Documents with at least this many values have their top-level elements decoded in two
    /// halves at once (about 10,000 elements: below that, starting a thread costs more than it saves).
    var parallelNodeCount = 100_000

    /// The layout's elements; for a large document, the two halves of the top-level list by two
    /// decoders at once, their findings then joined in order (elements, lines and problems alike).
    private mutating func topLevelElements(_ node: JSONNode) -> [Element] {
        guard case .array(let items) = node.value, items.count >= 2, node.documentNodeCount >= parallelNodeCount,
            Platform.processorCount > 1
        else {
            return elementList(node, at: .root["elements"], depth: 1)
        }
        let middle = items.count / 2
        var decoders: [LayoutDecoder] = []
        // Each half initializes its own slots of the one result array.
        let elements = [Element](unsafeUninitializedCapacity: items.count) { buffer, initialized in
            let slots = buffer.baseAddress!
            decoders = Parallel.map(2) { half in
                var decoder = LayoutDecoder()
                for offset in half == 0 ? 0..<middle : middle..<items.count {
                    (slots + offset).initialize(to: decoder.element(items[offset], at: .root["elements"][offset], depth: 1))
                }
                return decoder
            }
            initialized = items.count
        }
        for decoder in decoders {
            problems += decoder.problems
            elementLines += decoder.elementLines
        }
        return elements
    }

    private mutating func elementList(_ node: JSONNode, at path: @autoclosure () -> LayoutPath, depth: Int) -> [Element] {
        guard case .array(let items) = node.value else {
            add(path(), "must be an array of elements, not \(node.value.kind)", node: node)
            return []
        }
        guard depth <= Layout.maximumDepth else {
            problems.append(.nestingTooDeep(at: path(), line: node.line))
            return []
        }
        return items.enumerated().map { offset, item in element(item, at: path()[offset], depth: depth) }
    }

    /// The element at `node`; its path is made only when a problem needs it.
    private mutating func element(_ node: JSONNode, at elementPath: @autoclosure () -> LayoutPath, depth: Int) -> Element {
        var element = Element(id: "", frame: Rect(x: 0, y: 0, width: 0, height: 0))
        elementLines.append(node.line)
        guard let fields = object(node, at: elementPath(), keys: Self.elementKeys) else { return element }
        if fields[ElementKey.id] == nil { add(elementPath()["id"], "is required: a string", node: node) }
        if fields[ElementKey.frame] == nil { add(elementPath()["frame"], "is required: {\"x\", \"y\", \"width\", \"height\"} in the parent's points", node: node) }
        for key in ElementKey.allCases {
            if let member = fields[key] { read(key, member, into: &element, at: elementPath(), depth: depth) }
        }
        return element
    }

    /// Reads one member of an element object into `element`: the one place each key's form is
    /// read, for the layout file and for the changes of a live scene alike.
    mutating func read(_ key: ElementKey, _ node: JSONNode, into element: inout Element, at elementPath: @autoclosure () -> LayoutPath, depth: Int) {
        switch key {
        case .id:
            if let id = string(node, at: elementPath()["id"]) { element.id = id }
        case .frame:
            guard let parts = object(node, at: elementPath()["frame"], keys: Self.frameKeys) else { return }
            element.frame = Rect(
                x: number(parts[FrameKey.x], at: elementPath()["frame"]["x"], required: true, in: node) ?? 0,
                y: number(parts[FrameKey.y], at: elementPath()["frame"]["y"], required: true, in: node) ?? 0,
                width: number(parts[FrameKey.width], at: elementPath()["frame"]["width"], required: true, in: node) ?? 0,
                height: number(parts[FrameKey.height], at: elementPath()["frame"]["height"], required: true, in: node) ?? 0)
        case .image:
            element.imageSource = imageSource(node, at: elementPath()["image"])
        case .imageScale:
            element.imageScale = number(node, at: elementPath()["imageScale"])
        case .contentMode:
            element.contentMode = choice(node, at: elementPath()["contentMode"], ContentMode.self)
        case .capInsets:
            guard let sides = object(node, at: elementPath()["capInsets"], keys: Self.capInsetsKeys) else { return }
            element.capInsets = EdgeInsets(
                top: number(sides["top"], at: elementPath()["capInsets"]["top"]) ?? 0,
                left: number(sides["left"], at: elementPath()["capInsets"]["left"]) ?? 0,
                bottom: number(sides["bottom"], at: elementPath()["capInsets"]["bottom"]) ?? 0,
                right: number(sides["right"], at: elementPath()["capInsets"]["right"]) ?? 0)
        case .resizingMode:
            element.resizingMode = choice(node, at: elementPath()["resizingMode"], ResizingMode.self) ?? .stretch
        case .alphaThreshold:
            element.alphaThreshold = number(node, at: elementPath()["alphaThreshold"])
        case .shape:
            element.shape = shape(node, at: elementPath()["shape"])
        case .transform:
            element.transform = transform(node, at: elementPath()["transform"])
        case .hidden:
            element.isHidden = bool(node, at: elementPath()["hidden"]) ?? false
        case .interactive:
            element.isInteractive = bool(node, at: elementPath()["interactive"]) ?? true
        case .opacity:
            element.opacity = number(node, at: elementPath()["opacity"]) ?? 1
        case .clipsToBounds:
            element.clipsToBounds = bool(node, at: elementPath()["clipsToBounds"]) ?? false
        case .touchTolerance:
            element.touchTolerance = number(node, at: elementPath()["touchTolerance"])
        case .children:
            element.children = elementList(node, at: elementPath()["children"], depth: depth + 1)
        case .states:
            element.states = states(node, at: elementPath()["states"])
        case .state:
            if let state = string(node, at: elementPath()["state"]) { element.state = state }
        }
    }

    /// An element object at `path` that is not part of a file (one a live scene adds), read as
    /// the file's elements are; `elementLines` is left as it was.
    mutating func standaloneElement(_ node: JSONNode, at path: LayoutPath, depth: Int) -> Element {
        let lines = elementLines
        defer { elementLines = lines }
        return element(node, at: path, depth: depth)
    }

    /// `{"name": image, …}`: each state's image in any form `image` takes. The names are the
    /// engine's to check (non-empty, not `normal`), so that a layout built in code is held to them too.
    private mutating func states(_ node: JSONNode, at path: @autoclosure () -> LayoutPath) -> [String: ImageSource] {
        guard case .object(let members) = node.value else {
            add(path(), "must be an object of state names to images, not \(node.value.kind)", node: node)
            return [:]
        }
        var states: [String: ImageSource] = [:]
        for (name, value) in members {
            if let source = imageSource(value, at: path()[name]) { states[name] = source }
        }
        return states
    }

    static let atlasFrameKeys = KeySet(["atlas", "frame", "index"])
    static let regionKeys = KeySet(["file", "rect"])
    static let rectKeys = KeySet(["x", "y", "width", "height"])

    /// A PNG path, `{"atlas", "frame", "index"}` or `{"file", "rect"}`.
    private mutating func imageSource(_ node: JSONNode, at path: @autoclosure () -> LayoutPath) -> ImageSource? {
        switch node.value {
        case .string(let file):
            guard !file.isEmpty else {
                add(path(), "must be a non-empty path to a PNG file", node: node)
                return nil
            }
            return .file(file)
        case .object(let members):
            if members.value(forKey: "atlas") != nil || members.value(forKey: "frame") != nil {
                guard let fields = object(node, at: path(), keys: Self.atlasFrameKeys) else { return nil }
                let atlas = string(fields["atlas"], at: path()["atlas"], required: true, in: node)
                let frame = string(fields["frame"], at: path()["frame"], required: true, in: node)
                var index: Int?
                if let number = number(fields["index"], at: path()["index"]) {
                    if number == number.rounded(), abs(number) < 1e9 { index = Int(number) } else { add(path()["index"], "must be a whole number", node: fields["index"]) }
                }
                guard let atlas, let frame else { return nil }
                if atlas.isEmpty { add(path()["atlas"], "must be a non-empty path to an atlas file", node: fields["atlas"]) }
                return atlas.isEmpty ? nil : .atlasFrame(atlas: atlas, frame: frame, index: index)
            }
            guard let fields = object(node, at: path(), keys: Self.regionKeys) else { return nil }
            let file = string(fields["file"], at: path()["file"], required: true, in: node)
            guard let rectNode = fields["rect"] else {
                add(path()["rect"], "is required: {\"x\", \"y\", \"width\", \"height\"} in whole pixels of the image", node: node)
                return nil
            }
            guard let parts = object(rectNode, at: path()["rect"], keys: Self.rectKeys) else { return nil }
            var values: [Int] = []
            for key in ["x", "y", "width", "height"] {
                guard let value = number(parts[key], at: path()["rect"][key], required: true, in: rectNode) else { continue }
                let minimum = key == "width" || key == "height" ? 1.0 : 0
                guard value == value.rounded(), value >= minimum, value < 1e9 else {
                    add(path()["rect"][key], "must be a whole number ≥ \(Int(minimum)) (pixels)", node: parts[key])
                    continue
                }
                values.append(Int(value))
            }
            guard let file, !file.isEmpty, values.count == 4 else {
                if file?.isEmpty == true { add(path()["file"], "must be a non-empty path to a PNG file", node: fields["file"]) }
                return nil
            }
            return .region(file: file, x: values[0], y: values[1], width: values[2], height: values[3])
        default:
            add(path(), "must be a PNG path, {\"atlas\", \"frame\"} or {\"file\", \"rect\"}, not \(node.value.kind)", node: node)
            return nil
        }
    }

    private mutating func shape(_ node: JSONNode, at path: @autoclosure () -> LayoutPath) -> ElementShape {
        let names = ["rect", "ellipse", "none", "roundedRect"]
        if case .string(let name) = node.value {
            switch name {
            case "rect": return .rect
            case "ellipse": return .ellipse
            case "none": return .none
            case "roundedRect":
                add(path(), "roundedRect needs a radius: {\"type\": \"roundedRect\", \"radius\": r}", node: node)
            default:
                add(path(), "unknown shape \"\(name)\"; expected one of \(names.joined(separator: ", "))\(Self.suggestion(name, names))", node: node)
            }
            return .rect
        }
        guard case .object = node.value, let fields = object(node, at: path(), keys: Self.shapeKeys) else {
            if case .object = node.value { return .rect }
            add(path(), "must be a shape name or an object {\"type\": \"roundedRect\", \"radius\": r}, not \(node.value.kind)", node: node)
            return .rect
        }
        guard let type = string(fields["type"], at: path()["type"], required: true, in: node) else { return .rect }
        switch type {
        case "roundedRect":
            let radius = number(fields["radius"], at: path()["radius"], required: true, in: node) ?? 0
            var corners = ElementShape.Corners.all
            if let list = fields["corners"] { corners = self.corners(list, at: path()["corners"]) }
            return .roundedRect(radius: radius, corners: corners)
        case "rect", "ellipse", "none":
            for key in ["radius", "corners"] where fields[key] != nil {
                add(path()[key], "applies only to roundedRect", node: fields[key])
            }
            return type == "rect" ? .rect : type == "ellipse" ? .ellipse : .none
        default:
            add(path()["type"], "unknown shape \"\(type)\"; expected one of \(names.joined(separator: ", "))\(Self.suggestion(type, names))", node: fields["type"])
            return .rect
        }
    }

    private mutating func corners(_ node: JSONNode, at path: @autoclosure () -> LayoutPath) -> ElementShape.Corners {
        let names: [(String, ElementShape.Corners)] = [
            ("topLeft", .topLeft), ("topRight", .topRight), ("bottomLeft", .bottomLeft), ("bottomRight", .bottomRight),
        ]
        guard case .array(let items) = node.value else {
            add(path(), "must be an array of corner names, not \(node.value.kind)", node: node)
            return .all
        }
        var corners: ElementShape.Corners = []
        for (offset, item) in items.enumerated() {
            guard case .string(let name) = item.value, let corner = names.first(where: { $0.0 == name })?.1 else {
                let text = if case .string(let name) = item.value { "unknown corner \"\(name)\"" } else { "must be a corner name, not \(item.value.kind)" }
                add(path()[offset], "\(text); expected topLeft, topRight, bottomLeft or bottomRight", node: item)
                continue
            }
            corners.insert(corner)
        }
        return corners
    }

    private mutating func transform(_ node: JSONNode, at path: @autoclosure () -> LayoutPath) -> ElementTransform? {
        switch node.value {
        case .array(let items):
            guard items.count == 6 else {
                add(path(), "must have exactly 6 numbers [a, b, c, d, tx, ty], not \(items.count)", node: node)
                return nil
            }
            let values = items.enumerated().map { offset, item in number(item, at: path()[offset]) ?? 0 }
            return ElementTransform(a: values[0], b: values[1], c: values[2], d: values[3], tx: values[4], ty: values[5])
        case .object:
            guard let fields = object(node, at: path(), keys: Self.transformKeys) else { return nil }
            let rotate = number(fields["rotate"], at: path()["rotate"]) ?? 0
            let scale = fields["scale"].flatMap { pair($0, at: path()["scale"], allowSingle: true) } ?? (1, 1)
            let translate = fields["translate"].flatMap { pair($0, at: path()["translate"], allowSingle: false) } ?? (0, 0)
            return ElementTransform(rotationDegrees: rotate, scaleX: scale.0, scaleY: scale.1, translateX: translate.0, translateY: translate.1)
        default:
            add(path(), "must be [a, b, c, d, tx, ty] or {\"rotate\", \"scale\", \"translate\"}, not \(node.value.kind)", node: node)
            return nil
        }
    }

    /// `[x, y]`, or (with `allowSingle`) one number for both.
    private mutating func pair(_ node: JSONNode, at path: @autoclosure () -> LayoutPath, allowSingle: Bool) -> (Double, Double)? {
        if allowSingle, case .number(let value) = node.value { return (value, value) }
        guard case .array(let items) = node.value, items.count == 2 else {
            add(path(), "must be an array of 2 numbers\(allowSingle ? " (or one number for both)" : ""), not \(Self.describe(node.value))", node: node)
            return nil
        }
        guard let first = number(items[0], at: path()[0]), let second = number(items[1], at: path()[1]) else { return nil }
        return (first, second)
    }

    // MARK: - Typed reads

    /// The members of an object, after reporting unknown keys; nil (reported) when not an object.
    mutating func object(_ node: JSONNode, at path: @autoclosure () -> LayoutPath, keys: KeySet) -> Fields? {
        guard case .object(let members) = node.value else {
            add(path(), "must be an object, not \(node.value.kind)", node: node)
            return nil
        }
        var fields = Fields(keys: keys, members: members)
        for position in members.indices {
            if let known = members.withKey(at: position, keys.position(ofBytes:)) {
                fields.set(known, to: position)
            } else {
                let (key, value) = members[position]
                add(path()[key], "unknown key\(Self.suggestion(key, keys.names))", node: value)
            }
        }
        return fields
    }

    mutating func number(_ node: JSONNode?, at path: @autoclosure () -> LayoutPath, required: Bool = false, in parent: JSONNode? = nil) -> Double? {
        guard let node else {
            if required { add(path(), "is required: a number", node: parent) }
            return nil
        }
        guard case .number(let value) = node.value else {
            add(path(), "must be a number, not \(node.value.kind)", node: node)
            return nil
        }
        guard value.isFinite else {
            add(path(), "must be a finite number (this one is too large)", node: node)
            return nil
        }
        return value
    }

    mutating func string(_ node: JSONNode?, at path: @autoclosure () -> LayoutPath, required: Bool = false, in parent: JSONNode? = nil) -> String? {
        guard let node else {
            if required { add(path(), "is required: a string", node: parent) }
            return nil
        }
        guard case .string(let value) = node.value else {
            add(path(), "must be a string, not \(node.value.kind)", node: node)
            return nil
        }
        return value
    }

    private mutating func bool(_ node: JSONNode?, at path: @autoclosure () -> LayoutPath) -> Bool? {
        guard let node else { return nil }
        guard case .bool(let value) = node.value else {
            add(path(), "must be true or false, not \(node.value.kind)", node: node)
            return nil
        }
        return value
    }

    private mutating func choice<Choice: RawRepresentable & CaseIterable>(_ node: JSONNode?, at path: @autoclosure () -> LayoutPath, _: Choice.Type) -> Choice?
    where Choice.RawValue == String {
        guard let name = string(node, at: path()) else { return nil }
        if let value = Choice(rawValue: name) { return value }
        let names = Choice.allCases.map(\.rawValue)
        add(path(), "unknown value \"\(name)\"; expected one of \(names.joined(separator: ", "))\(Self.suggestion(name, names))", node: node)
        return nil
    }

    /// Records a problem at `path`, placed at `node` (its line, and its column for ordering).
    mutating func add(_ path: LayoutPath, _ message: String, node: JSONNode?) {
        problems.append(LayoutProblem(at: path, message, line: node?.line, column: node?.column))
    }

    private static func describe(_ value: JSONValue) -> String {
        if case .array(let items) = value { return "an array of \(items.count)" }
        return value.kind
    }

    /// `3` rather than `3.0`; other values as Swift prints them.
    static func compact(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// `; did you mean "frame"?` when a known name is within two edits, else nothing.
    static func suggestion(_ name: String, _ candidates: [String]) -> String {
        Suggestion.closest(to: name, in: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
    }
}

import AlphaHitBasics

extension EngineBuilder {
    mutating func validateLayoutLevel() {
        if let canvas = layout.canvas {
            requireSize(canvas.width, .root["canvas"]["width"])
            requireSize(canvas.height, .root["canvas"]["height"])
        }
        if let threshold = layout.defaults.alphaThreshold { requireThreshold(threshold, .root["defaults"]["alphaThreshold"]) }
        if let scale = layout.defaults.imageScale { requireScale(scale, .root["defaults"]["imageScale"]) }
        if let tolerance = layout.defaults.touchTolerance { requireTolerance(tolerance, .root["defaults"]["touchTolerance"]) }
    }

    /// Checks an element's own keys; with `namesChecked`, leaves out its id and the names of its
    /// images and states (a scene's update in place, which cannot change them, checked them before).
    mutating func validate(_ element: borrowing Element, at index: Int, namesChecked: Bool = false) {
        let placement = self.placement
        var path: LayoutPath { placement.path(of: index) }
        if !namesChecked, let problem = Self.idProblem(element.id) { add(path["id"], problem) }
        if !element.frame.x.isFinite { add(path["frame"]["x"], "must be a finite number") }
        if !element.frame.y.isFinite { add(path["frame"]["y"], "must be a finite number") }
        requireSize(element.frame.width, path["frame"]["width"])
        requireSize(element.frame.height, path["frame"]["height"])
        if let scale = element.imageScale { requireScale(scale, path["imageScale"]) }
        if let threshold = element.alphaThreshold { requireThreshold(threshold, path["alphaThreshold"]) }
        if !(element.opacity >= 0 && element.opacity <= 1) { add(path["opacity"], "must be a number from 0 to 1") }
        if let tolerance = element.touchTolerance { requireTolerance(tolerance, path["touchTolerance"]) }
        if let transform = element.transform {
            if !(transform.a.isFinite && transform.b.isFinite && transform.c.isFinite && transform.d.isFinite
                && transform.tx.isFinite && transform.ty.isFinite)
            {
                add(path["transform"], "must hold finite numbers")
            } else if !transform.determinant.isFinite {
                add(path["transform"], "overflows: its determinant a·d − b·c is not a finite number; use smaller factors")
            } else if !transform.isInvertible {
                add(path["transform"], "is singular (determinant \(transform.determinant)) and cannot be inverted")
            }
        }
        if !namesChecked, let source = element.imageSource { validateFileNames(of: source, at: path["image"]) }
        for name in namesChecked ? [] : element.states.keys.sorted() {
            if name.isEmpty {
                add(path["states"][name], "a state needs a non-empty name")
            } else if name == Element.normalState {
                add(path["states"][name], "the normal state's image is the element's \"image\"; give it there")
            }
            validateFileNames(of: element.states[name]!, at: path["states"][name])
        }
        if element.state.isEmpty { add(path["state"], "must be a non-empty state name (default \"\(Element.normalState)\")") }
        if case .roundedRect(let radius, _) = element.shape, !(radius.isFinite && radius >= 0) {
            add(path["shape"]["radius"], "must be a finite number ≥ 0")
        }
        if let caps = element.capInsets {
            for (value, key) in [(caps.top, "top"), (caps.left, "left"), (caps.bottom, "bottom"), (caps.right, "right")]
            where !(value.isFinite && value >= 0) {
                add(path["capInsets"][key], "must be a finite number ≥ 0")
            }
            if element.imageSource == nil && element.states.isEmpty { add(path["capInsets"], "needs an image to stretch") }
            if let mode = element.contentMode, mode != .scaleToFill {
                add(path["contentMode"], "must be scaleToFill (or absent) when capInsets are set, not \(mode.rawValue)")
            }
        }
    }

    /// A NUL would cut a path short where the system reads it: the file opened would be another
    /// one. Paths with control characters are refused.
    /// (The path is made only for a problem: building one per element is a good part of a build.)
    private mutating func validateFileNames(of source: ImageSource, at path: @autoclosure () -> LayoutPath) {
        let (name, key): (String, String?)
        switch source {
        case .file(let file): (name, key) = (file, nil)
        case .region(let file, _, _, _, _): (name, key) = (file, "file")
        case .atlasFrame(let atlas, _, _): (name, key) = (atlas, "atlas")
        }
        if let bad = name.unicodeScalars.first(where: \.isControl) {
            add(key.map { path()[$0] } ?? path(), "must not contain control characters (found \(bad.codePointName))")
        }
    }

    /// What is wrong with an id, or nil: ids are non-empty, have no whitespace or control
    /// characters (so that every output format can print them as they are), and are not `-`,
    /// which the command line prints for "nothing hit".
    static func idProblem(_ id: String) -> String? {
        if id.isEmpty { return "must be a non-empty string" }
        // Printable ASCII without a space, the common case, needs no look at Unicode properties.
        let plain = id.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 > 0x20 && $0 < 0x7F } } ?? id.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
        if id != "-", plain { return nil }
        if id == "-" { return "must not be \"-\", which stands for \"nothing hit\" in the command line's output" }
        if let bad = id.unicodeScalars.first(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) {
            return "must not contain whitespace or control characters (found U+\(String(bad.value, radix: 16, uppercase: true).leftPadded(to: 4)))"
        }
        return nil
    }

    /// Reports every id used twice.
    mutating func validateUniqueIDs(_ visits: UnsafeBufferPointer<Visit>) {
        var first: [String: Int32] = [:]
        first.reserveCapacity(visits.count)
        for index in visits.indices where !visits[index].element.id.isEmpty {
            let id = visits[index].element.id
            if let earlier = first.updateValue(Int32(index), forKey: id) {
                first[id] = earlier
                add(placement.path(of: index)["id"], "duplicate id \"\(id)\", already used at \(placement.path(of: Int(earlier)))")
            }
        }
    }

    private mutating func requireSize(_ value: Double, _ path: @autoclosure () -> LayoutPath) {
        if !(value.isFinite && value >= 0) { add(path(), "must be a finite number ≥ 0") }
    }

    private mutating func requireScale(_ value: Double, _ path: @autoclosure () -> LayoutPath) {
        if !(value.isFinite && value > 0) { add(path(), "must be a finite number > 0") }
    }

    private mutating func requireTolerance(_ value: Double, _ path: @autoclosure () -> LayoutPath) {
        if !(value.isFinite && value >= 0) { add(path(), "must be a finite number ≥ 0 (points)") }
    }

    private mutating func requireThreshold(_ value: Double, _ path: @autoclosure () -> LayoutPath) {
        if !(value >= 0 && value <= 1) { add(path(), "must be a number from 0 to 1") }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

import AlphaHitBasics

extension Layout {
    /// Carries out `change` on the element tree: the tree rules only (ids that exist, positions
    /// among the siblings, no move into the element's own subtree); the layout rules are the
    /// engine's, checked when the changed layout is built. Unchanged when it throws.
    ///
    /// A position is the index the element has among its siblings *after* the change: 0 is the
    /// back-most, nil the last (the front-most); one beyond the siblings' count is refused.
    ///
    /// - Returns: where the changed element is after the change (the removed one: where it was).
    /// - Throws: ``LayoutChangeError``, never ``LayoutChangeError/invalid(_:)``.
    @discardableResult
    public mutating func apply(_ change: LayoutChange) throws(LayoutChangeError) -> [Int] {
        switch change {
        case .update(let id, let body):
            guard let place = place(of: id) else { throw .unknownID(id) }
            try update(at: place, id: id, body)
            return place
        case .add(let element, let parentID, let index):
            let parent = try parentPlace(parentID)
            let position = try position(index, among: children(at: parent).count + 1, parent: parentID)
            try Self.checkDepth(of: element, at: parent + [position])
            insert(element, at: parent, position)
            return parent + [position]
        case .remove(let id):
            guard let place = place(of: id) else { throw .unknownID(id) }
            _ = remove(at: place)
            return place
        case .move(let id, let destination, let index):
            guard let place = place(of: id) else { throw .unknownID(id) }
            let parentID: String?
            switch destination {
            case .sameParent: parentID = place.count > 1 ? self[Array(place.dropLast())].id : nil
            case .topLevel: parentID = nil
            case .element(let target): parentID = target
            }
            var parent = try parentPlace(parentID)
            if let parentID, parent.starts(with: place) { throw .moveIntoOwnSubtree(id: id, parent: parentID) }
            let staying = parent == Array(place.dropLast())
            let position = try position(index, among: children(at: parent).count + (staying ? 0 : 1), parent: parentID)
            let element = remove(at: place)
            // Removing the element shifts its later siblings, and with them a destination among their subtrees.
            if parent.count >= place.count, Array(parent.prefix(place.count - 1)) == Array(place.dropLast()), parent[place.count - 1] > place[place.count - 1] {
                parent[place.count - 1] -= 1
            }
            insert(element, at: parent, position)
            return parent + [position]
        }
    }

    /// An update of the element with `id`, found at `place` (a batch of updates looks its ids up
    /// in ``places()`` once, instead of searching the tree for each).
    package mutating func update(at place: [Int], id: String, _ body: (inout Element) -> Void) throws(LayoutChangeError) {
        var element = self[place]
        let children = element.children
        body(&element)
        if element.id != id { throw .updateChangedStructure(id: id, key: "id") }
        if element.children != children { throw .updateChangedStructure(id: id, key: "children") }
        self[place] = element
    }

    /// The place of every element, by id, in one walk of the tree.
    package func places() -> [String: [Int]] {
        var places: [String: [Int]] = [:]
        func walk(_ list: [Element], _ prefix: [Int]) {
            for (offset, element) in list.enumerated() {
                let place = prefix + [offset]
                places[element.id] = place
                if !element.children.isEmpty { walk(element.children, place) }
            }
        }
        walk(elements, [])
        return places
    }

    /// Refuses an element whose subtree would nest deeper than ``Layout/maximumDepth`` at `place`,
    /// as the build would, before anything walks it by recursion: without recursion itself, and
    /// with the build's problem at each element of the limit's depth that has children.
    private static func checkDepth(of element: Element, at place: [Int]) throws(LayoutChangeError) {
        var problems: [LayoutProblem] = []
        var pending = [(element: element, place: place)]
        while let (element, place) = pending.popLast() {
            guard !element.children.isEmpty else { continue }
            if place.count >= Layout.maximumDepth {
                problems.append(.nestingTooDeep(at: LayoutPath.element(at: place)["children"]))
                continue
            }
            // Last child first, so that the pending list pops them, and reports, in pre-order.
            for offset in element.children.indices.reversed() { pending.append((element.children[offset], place + [offset])) }
        }
        if !problems.isEmpty { throw .invalid(LayoutError(problems: problems)) }
    }

    /// The element at `place`: offsets from the top-level list down (`[2, 0]` is `elements[2].children[0]`).
    package subscript(place: [Int]) -> Element {
        get {
            var element = elements[place[0]]
            for offset in place.dropFirst() { element = element.children[offset] }
            return element
        }
        set {
            Self.modify(&elements, at: place[...]) { $0 = newValue }
        }
    }

    /// The offsets from the top level down to the element with `id`, or nil.
    package func place(of id: String) -> [Int]? {
        var place: [Int] = []
        return Self.search(elements, for: id, &place) ? place : nil
    }

    /// Depth first through `list` for `id`, keeping the way down in `place`: one path, extended and
    /// shortened in place (a new array per element visited cost more than the comparisons), passed
    /// `inout` rather than captured, which would check exclusive access at every step.
    private static func search(_ list: [Element], for id: String, _ place: inout [Int]) -> Bool {
        place.append(0)
        for offset in list.indices {
            place[place.count - 1] = offset
            if list[offset].id == id || (!list[offset].children.isEmpty && search(list[offset].children, for: id, &place)) { return true }
        }
        place.removeLast()
        return false
    }

    /// The place of the element `id` names as a parent; `[]` for the top level.
    private func parentPlace(_ id: String?) throws(LayoutChangeError) -> [Int] {
        guard let id else { return [] }
        guard let place = place(of: id) else { throw .unknownID(id) }
        return place
    }

    private func children(at parent: [Int]) -> [Element] {
        parent.isEmpty ? elements : self[parent].children
    }

    /// A position among `count` siblings (the element included): nil is the last.
    private func position(_ index: Int?, among count: Int, parent: String?) throws(LayoutChangeError) -> Int {
        guard let index else { return count - 1 }
        guard index >= 0, index < count else { throw .indexOutOfRange(index: index, count: count - 1, parent: parent) }
        return index
    }

    private mutating func insert(_ element: Element, at parent: [Int], _ position: Int) {
        if parent.isEmpty {
            elements.insert(element, at: position)
        } else {
            Self.modify(&elements, at: parent[...]) { $0.children.insert(element, at: position) }
        }
    }

    private mutating func remove(at place: [Int]) -> Element {
        var removed: Element?
        if place.count == 1 {
            removed = elements.remove(at: place[0])
        } else {
            Self.modify(&elements, at: place.dropLast()) { removed = $0.children.remove(at: place[place.count - 1]) }
        }
        return removed!
    }

    /// Changes the element at `place` in place, so that only the arrays along the way are copied.
    private static func modify(_ list: inout [Element], at place: ArraySlice<Int>, _ body: (inout Element) -> Void) {
        let offset = place[place.startIndex]
        if place.count == 1 {
            body(&list[offset])
        } else {
            modify(&list[offset].children, at: place.dropFirst(), body)
        }
    }
}

import AlphaHitBasics

extension HitTester {
    /// Every element of the layout, hidden ones included, in depth-first (pre-order) order:
    /// `engine.elements.map { engine.id(of: $0) }` lists the ids as the layout file gives them.
    public var elements: Elements { Elements(count: storage.ids.count, numbering: numbering) }

    /// The elements of a ``HitTester``, as indices in pre-order.
    public struct Elements: RandomAccessCollection, Hashable, Sendable {
        /// The number of elements.
        public let count: Int
        let numbering: ElementNumbering

        /// Two listings are equal when they list the same indices.
        public static func == (a: Elements, b: Elements) -> Bool {
            a.count == b.count && (a.numbering.isIdentity && b.numbering.isIdentity || a.elementsEqual(b))
        }

        /// Hashes the count (equal listings have equal counts).
        public func hash(into hasher: inout Hasher) { hasher.combine(count) }

        /// 0.
        public var startIndex: Int { 0 }
        /// ``count``.
        public var endIndex: Int { count }

        /// The element at position `position` of the pre-order listing.
        public subscript(position: Int) -> ElementIndex {
            precondition(position >= 0 && position < count, "element position \(position) outside 0..<\(count)")
            return numbering.index(ofPosition: position)
        }
    }

    /// The element with id `id`, or nil when the layout has none.
    public func element(withID id: String) -> ElementIndex? {
        storage.tree.index(ofID: id).map { numbering.index(ofPosition: Int($0)) }
    }

    /// The id of an element of this engine.
    ///
    /// - Precondition: `element` came from this engine. An index from another engine is only
    ///   caught when it is out of this engine's range (a clear trap, never a wrong read); inside it,
    ///   it names whichever element of this engine has that position.
    public func id(of element: ElementIndex) -> String {
        // A scene's snapshot whose engine is not built yet answers from its slots (a scan of a few
        // nanoseconds an element, where building the engine costs a microsecond or two an element).
        if let live, !live.hasEngine, let id = live.tables.id(ofNumber: element.rawValue) { return id }
        return storage.ids[position(of: element)]
    }

    /// The ids from the top level down to `element`, inclusive.
    ///
    /// - Precondition: as for ``id(of:)``.
    public func path(of element: ElementIndex) -> [String] {
        let chain = records.chain(of: position(of: element))
        return chain.indices.map { storage.ids[chain.index(at: $0)] }
    }

    /// Whether element `index` or one of its ancestors is skipped (``HitVerdict/SkipReason``), so
    /// that it can never be hit.
    func isSkipped(_ index: Int) -> Bool {
        let chain = records.chain(of: index)
        return chain.indices.contains { storage.skipReasons[chain.index(at: $0)] != nil }
    }

    /// The element's parent, or nil for a top-level element.
    ///
    /// - Precondition: as for ``id(of:)``.
    public func parent(of element: ElementIndex) -> ElementIndex? {
        let parent = records.elements[position(of: element)].parent
        return parent >= 0 ? numbering.index(ofPosition: Int(parent)) : nil
    }

    /// The children of `element`, back to front as the layout lists them; with nil, the top-level elements.
    ///
    /// - Precondition: as for ``id(of:)``.
    public func children(of element: ElementIndex?) -> [ElementIndex] {
        let list = element.map { storage.tree.children(of: position(of: $0)) } ?? storage.topLevel[...]
        return list.map { numbering.index(ofPosition: Int($0)) }
    }

    /// Whether `element` names an element of this engine: one of the indices ``elements`` lists.
    public func containsElement(_ element: ElementIndex) -> Bool {
        if let live, !live.hasEngine { return live.tables.slot(ofNumber: element.rawValue) != nil }
        return numbering.position(of: element, count: storage.ids.count) != nil
    }

    /// The element's position in this engine's pre-order listing (what its tables are indexed by):
    /// for a built layout, its index's `rawValue`; in a scene's snapshot, wherever it is now.
    ///
    /// - Precondition: as for ``id(of:)``.
    package func position(of element: ElementIndex) -> Int {
        // A built engine numbered by position: the index itself, checked against a count read in
        // place. Through `numbering` and `storage` a call counted four references, on objects that
        // the two threads answering a `hittest query` share: a contended write for every point it
        // prints (a million points of the diamonds: 87 ms before, 54 ms without; 2026-12-07).
        if live == nil && !queryTables.numbering.renumbered {
            let count = withStorage { $0.tree.ids.count }
            if let position = ElementNumbering.identityPosition(of: element, count: count) { return position }
        }
        guard let position = numbering.position(of: element, count: storage.ids.count) else {
            preconditionFailure(
                "ElementIndex(\(element.rawValue)) is not an element of this engine, which has \(storage.ids.count): indices are valid only for the engine (or scene) that returned them")
        }
        return position
    }
}

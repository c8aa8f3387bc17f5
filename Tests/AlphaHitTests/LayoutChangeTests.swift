@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Testing

/// The tree rules of a live scene's changes (`Layout.apply`, `Docs/LiveScenes.md`): positions
/// among siblings, moves, removals, refusals that change nothing.
@Suite("Layout changes")
struct LayoutChangeTests {
    private static func box(_ id: String, _ children: [Element] = []) -> Element {
        Element(id: id, frame: Rect(x: 0, y: 0, width: 10, height: 10), children: children)
    }

    /// `a[a1 a2] b c[c1]`.
    private static var tree: Layout {
        Layout(elements: [box("a", [box("a1"), box("a2")]), box("b"), box("c", [box("c1")])])
    }

    /// The tree as text: `a[a1 a2] b c[c1]`.
    private static func shape(_ layout: Layout) -> String {
        func text(_ list: [Element]) -> String {
            list.map { $0.children.isEmpty ? $0.id : "\($0.id)[\(text($0.children))]" }.joined(separator: " ")
        }
        return text(layout.elements)
    }

    @Test("a position is the index among the siblings after the change: 0 the back-most, none the front-most", arguments: [
        (nil as String?, 0 as Int?, "n a[a1 a2] b c[c1]"), (nil, 3, "a[a1 a2] b c[c1] n"), (nil, nil, "a[a1 a2] b c[c1] n"), (nil, 1, "a[a1 a2] n b c[c1]"),
        ("a", 0, "a[n a1 a2] b c[c1]"), ("a", nil, "a[a1 a2 n] b c[c1]"), ("b", nil, "a[a1 a2] b[n] c[c1]"), ("c1", 0, "a[a1 a2] b c[c1[n]]"),
    ])
    func addPositions(parent: String?, index: Int?, expected: String) throws {
        var layout = Self.tree
        let place = try layout.apply(.add(Self.box("n"), parent: parent, index: index))
        #expect(Self.shape(layout) == expected)
        #expect(layout[place].id == "n")
    }

    @Test("moves within the parent, to another parent and to the top level put the element where the position says", arguments: [
        ("a1", LayoutChange.Destination.sameParent, nil as Int?, "a[a2 a1] b c[c1]"), ("a2", .sameParent, 0, "a[a2 a1] b c[c1]"),
        ("a", .sameParent, nil, "b c[c1] a[a1 a2]"), ("c", .sameParent, 0, "c[c1] a[a1 a2] b"), ("a1", .topLevel, nil, "a[a2] b c[c1] a1"),
        ("a1", .topLevel, 0, "a1 a[a2] b c[c1]"), ("a", .element("c1"), nil, "b c[c1[a[a1 a2]]]"), ("b", .element("a"), 1, "a[a1 b a2] c[c1]"),
        ("c1", .element("a"), 0, "a[c1 a1 a2] b c"), ("a", .element("b"), 0, "b[a[a1 a2]] c[c1]"),
    ])
    func movePositions(id: String, destination: LayoutChange.Destination, index: Int?, expected: String) throws {
        var layout = Self.tree
        let place = try layout.apply(.move(id: id, parent: destination, index: index))
        #expect(Self.shape(layout) == expected)
        #expect(layout[place].id == id)
    }

    @Test("a position beyond the siblings' count is refused, and nothing changes", arguments: [
        LayoutChange.add(box("n"), parent: nil, index: 4), .add(box("n"), parent: "a", index: 3), .move(id: "a1", parent: .sameParent, index: 2),
        .move(id: "b", parent: .element("a"), index: 3), .move(id: "a1", parent: .topLevel, index: 4),
    ])
    func positionBeyondTheSiblings(change: LayoutChange) {
        var layout = Self.tree
        #expect(throws: LayoutChangeError.self) { try layout.apply(change) }
        #expect(layout == Self.tree)
    }

    @Test("the refusal names the position and the range it may take")
    func positionMessage() {
        var layout = Self.tree
        #expect(throws: LayoutChangeError.indexOutOfRange(index: 3, count: 2, parent: "a")) { try layout.apply(.add(Self.box("n"), parent: "a", index: 3)) }
        #expect(LayoutChangeError.indexOutOfRange(index: 3, count: 2, parent: "a").description
            == "index 3 is beyond the 2 siblings in \"a\": give 0 (the back-most) to 2 (the front-most)")
    }

    @Test("an element cannot move into its own subtree", arguments: [("a", "a"), ("a", "a1")])
    func moveIntoOwnSubtree(id: String, parent: String) {
        var layout = Self.tree
        #expect(throws: LayoutChangeError.moveIntoOwnSubtree(id: id, parent: parent)) { try layout.apply(.move(id: id, parent: .element(parent), index: nil)) }
        #expect(layout == Self.tree)
    }

    @Test("a change naming an id no element has is refused", arguments: [
        LayoutChange.update(id: "z") { $0.isHidden = true }, .remove(id: "z"), .move(id: "z", parent: .topLevel, index: nil),
        .add(box("n"), parent: "z", index: nil), .move(id: "a", parent: .element("z"), index: nil),
    ])
    func unknownID(change: LayoutChange) {
        var layout = Self.tree
        #expect(throws: LayoutChangeError.unknownID("z")) { try layout.apply(change) }
        #expect(layout == Self.tree)
    }

    @Test("an update may set any key but id and children")
    func updateKeys() throws {
        var layout = Self.tree
        try layout.apply(.update(id: "a2") { $0.opacity = 0.5; $0.frame.x = 7 })
        #expect(layout[[0, 1]].opacity == 0.5 && layout[[0, 1]].frame.x == 7)
        #expect(throws: LayoutChangeError.updateChangedStructure(id: "a", key: "id")) { try layout.apply(.update(id: "a") { $0.id = "q" }) }
        #expect(throws: LayoutChangeError.updateChangedStructure(id: "a", key: "children")) { try layout.apply(.update(id: "a") { $0.children = [] }) }
        #expect(layout.place(of: "a") == [0] && layout[[0]].children.count == 2)
    }

    @Test("a removal takes the subtree, and its ids may be added again")
    func removeSubtree() throws {
        var layout = Self.tree
        try layout.apply(.remove(id: "a"))
        #expect(Self.shape(layout) == "b c[c1]")
        try layout.apply(.add(Self.box("a1"), parent: "c", index: 0))
        #expect(Self.shape(layout) == "b c[a1 c1]")
    }

    @Test("random change sequences agree with a flat model of parents and sibling lists", arguments: [UInt64(1), 2, 3, 4])
    func randomChangesAgreeWithAFlatModel(seed: UInt64) throws {
        var g = SplitMix(seed: seed)
        var layout = Self.tree
        var model = FlatTree(layout.elements)
        var next = 0
        for step in 0..<400 {
            let ids = model.ids
            let kind = Int(g.next(in: 0...3.999))
            let id = ids.isEmpty ? "none" : ids[Int(g.next(in: 0...Double(ids.count) - 0.001))]
            let parent: String? = ids.isEmpty || g.next(in: 0...1) < 0.3 ? nil : ids[Int(g.next(in: 0...Double(ids.count) - 0.001))]
            let index: Int? = g.next(in: 0...1) < 0.3 ? nil : Int(g.next(in: 0...5.999))
            let change: LayoutChange
            switch kind {
            case 0: next += 1; change = .add(Self.box("n\(next)"), parent: parent, index: index)
            case 1: change = .remove(id: id)
            case 2: change = .move(id: id, parent: parent.map(LayoutChange.Destination.element) ?? (g.next(in: 0...1) < 0.5 ? .topLevel : .sameParent), index: index)
            default: change = .update(id: id) { $0.opacity = 0.5 }
            }
            let expected = model.applying(change)
            var changed = layout
            let outcome = Result { () throws(LayoutChangeError) in try changed.apply(change) }
            switch (outcome, expected) {
            case (.success, .some(let model2)):
                model = model2
                layout = changed
            case (.failure, nil):
                #expect(changed == layout, "seed \(seed), step \(step): a refused change changed the layout")
            default:
                Issue.record("seed \(seed), step \(step): the layout says \(outcome), the model \(expected == nil ? "refuses" : "applies")")
            }
            #expect(Self.shape(layout) == model.shape, "seed \(seed), step \(step)")
        }
    }
}

/// The slow, obvious form of the tree rules: each element's parent and each parent's list of
/// children, changed by list operations and turned back into text.
private struct FlatTree {
    var children: [String: [String]] = [:]  // "" is the top level
    var parent: [String: String] = [:]

    init(_ elements: [Element]) {
        func visit(_ list: [Element], _ owner: String) {
            children[owner] = list.map(\.id)
            for element in list {
                parent[element.id] = owner
                visit(element.children, element.id)
            }
        }
        visit(elements, "")
    }

    var ids: [String] { parent.keys.sorted() }

    var shape: String {
        func text(_ owner: String) -> String {
            (children[owner] ?? []).map { (children[$0] ?? []).isEmpty ? $0 : "\($0)[\(text($0))]" }.joined(separator: " ")
        }
        return text("")
    }

    func subtree(_ id: String) -> [String] { [id] + (children[id] ?? []).flatMap(subtree) }

    /// The model after `change`, or nil when the rules refuse it.
    func applying(_ change: LayoutChange) -> FlatTree? {
        var next = self
        switch change {
        case .update(let id, _):
            return parent[id] == nil ? nil : self
        case .add(let element, let owner, let index):
            let owner = owner ?? ""
            if owner != "" && parent[owner] == nil { return nil }
            let count = children[owner, default: []].count
            let position = index ?? count
            guard position <= count else { return nil }
            next.children[owner, default: []].insert(element.id, at: position)
            next.parent[element.id] = owner
            next.children[element.id] = []
            return next
        case .remove(let id):
            guard let owner = parent[id] else { return nil }
            next.children[owner]!.removeAll { $0 == id }
            for gone in subtree(id) {
                next.parent[gone] = nil
                next.children[gone] = nil
            }
            return next
        case .move(let id, let destination, let index):
            guard let from = parent[id] else { return nil }
            let owner: String
            switch destination {
            case .sameParent: owner = from
            case .topLevel: owner = ""
            case .element(let target):
                guard parent[target] != nil, !subtree(id).contains(target) else { return nil }
                owner = target
            }
            next.children[from]!.removeAll { $0 == id }
            let count = next.children[owner, default: []].count
            let position = index ?? count
            guard position <= count else { return nil }
            next.children[owner, default: []].insert(id, at: position)
            next.parent[id] = owner
            return next
        }
    }
}

/// The ``ElementIndex`` each element of a ``HitScene`` keeps for as long as it exists.
///
/// The first layout's elements are numbered by their pre-order positions, as a built layout
/// numbers them; an element added later (with each element of its subtree) takes the next numbers
/// never used in the scene, so a removed element's number is never given to another, not even to
/// one added again under the same id. Moves and updates keep every number.
struct SceneNumbers: Sendable {
    /// The number of every element that exists, by id (ids are unique among them).
    private var numbers: [String: Int32] = [:]
    /// The first number not yet used.
    private(set) var next: Int32 = 0

    /// Numbers the elements of `layout` 0, 1, … in pre-order.
    init(_ layout: Layout) {
        number(layout.elements)
    }

    /// The numbers a scene has given: `numbers[i]` to the element of `layout` at pre-order
    /// position `i`; `next` is the first never given.
    init(_ layout: Layout, numbers: [Int32], next: Int32) {
        var position = 0
        func walk(_ list: [Element]) {
            for element in list {
                self.numbers[element.id] = numbers[position]
                position += 1
                walk(element.children)
            }
        }
        walk(layout.elements)
        self.next = next
    }

    /// What `change`, about to be applied to `layout`, does to the numbers.
    ///
    /// - Throws: ``LayoutChangeError/tooManyElements(limit:)`` when the scene has used up its
    ///   numbers (2³¹ elements added over its life).
    mutating func note(_ change: LayoutChange, in layout: Layout) throws(LayoutChangeError) {
        switch change {
        case .update, .move:
            break
        case .add(let element, _, _):
            guard Int(next) + Self.count([element]) <= Int(Int32.max) else { throw .tooManyElements(limit: Int(Int32.max)) }
            number([element])
        case .remove(let id):
            guard let place = layout.place(of: id) else { return }
            forget([layout[place]])
        }
    }

    /// The number of each element of `engine`, in its pre-order.
    func numbers(of engine: HitTester) -> [Int32] {
        engine.storage.ids.map { numbers[$0]! }
    }

    private mutating func number(_ elements: [Element]) {
        for element in elements {
            numbers[element.id] = next
            next += 1
            number(element.children)
        }
    }

    private mutating func forget(_ elements: [Element]) {
        for element in elements {
            numbers[element.id] = nil
            forget(element.children)
        }
    }

    private static func count(_ elements: [Element]) -> Int {
        elements.reduce(0) { $0 + 1 + count($1.children) }
    }
}

import AlphaHitBasics

/// How an engine's positions (its pre-order, which every table is indexed by) map to the
/// ``ElementIndex`` values it hands out, and back.
///
/// A built layout numbers its elements by position, so both directions are the identity. A
/// ``HitScene`` keeps each element's number for as long as the element exists and never gives a
/// removed element's number to another, so its snapshots number elements by the scene's numbers:
/// the one translation at the public boundary, in both directions, is here.
struct ElementNumbering: Sendable {
    /// Position → number; empty when numbers are positions.
    let numbers: Table<Int32>
    /// Number → position, for the numbers that are not positions.
    private let positions: [Int32: Int32]

    /// Numbers are positions.
    static let identity = ElementNumbering(numbers: [])

    /// Element `position` is numbered `numbers[position]` (empty: numbers are positions).
    ///
    /// - Precondition: the numbers are distinct and not negative.
    init(numbers: [Int32]) {
        self.numbers = Table(numbers)
        var positions: [Int32: Int32] = [:]
        positions.reserveCapacity(numbers.count)
        for (position, number) in numbers.enumerated() {
            let earlier = positions.updateValue(Int32(position), forKey: number)
            precondition(number >= 0 && earlier == nil, "element numbers must be distinct and ≥ 0")
        }
        self.positions = positions
    }

    /// The bytes of both directions (the dictionary's at its capacity, 8 bytes an entry plus one
    /// of metadata, as the standard library lays it out); 0 for positions.
    var byteCount: Int { isIdentity ? 0 : numbers.byteCount + positions.capacity * 9 }

    /// Whether an engine numbers its elements by position.
    var isIdentity: Bool { numbers.count == 0 }

    /// Position → index as the hot path reads it (valid while this numbering is alive).
    var reader: NumberReader { NumberReader(renumbered: !isIdentity, numbers: numbers.view.reader) }

    /// The index handed out for the element at `position`.
    func index(ofPosition position: Int) -> ElementIndex { reader.index(ofPosition: position) }

    /// The position of the element numbered `element`, or nil when none of `count` elements is.
    func position(of element: ElementIndex, count: Int) -> Int? {
        if isIdentity { return Self.identityPosition(of: element, count: count) }
        return positions[element.rawValue].map(Int.init)
    }

    /// The position of `element` when numbers are positions: its `rawValue`, or nil when none of
    /// `count` elements has it.
    static func identityPosition(of element: ElementIndex, count: Int) -> Int? {
        element.rawValue >= 0 && Int(element.rawValue) < count ? Int(element.rawValue) : nil
    }
}

/// The position → index direction of an ``ElementNumbering``, as plain values the query carries:
/// the one translation of a position into the index handed out.
@frozen @usableFromInline
struct NumberReader: @unchecked Sendable {
    /// Whether indices are `numbers[position]` rather than positions.
    @usableFromInline let renumbered: Bool
    @usableFromInline let numbers: TableReader<Int32>

    @usableFromInline
    init(renumbered: Bool, numbers: TableReader<Int32>) {
        self.renumbered = renumbered
        self.numbers = numbers
    }

    /// The index handed out for the element at `position`.
    @inlinable @inline(__always)
    func index(ofPosition position: Int) -> ElementIndex {
        ElementIndex(rawValue: renumbered ? numbers[position] : Int32(truncatingIfNeeded: position))
    }
}

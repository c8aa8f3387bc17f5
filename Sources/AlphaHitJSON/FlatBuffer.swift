import AlphaHitBasics

/// A growable buffer of plain values that hands its memory over without a copy: what the JSON
/// parser fills and the ``JSONDocument`` then owns, so a large file never holds its nodes twice.
package struct FlatBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    package init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    package mutating func append(_ element: Element) {
        if count == capacity { grow(to: capacity * 2) }
        (base + count).initialize(to: element)
        count += 1
    }

    package mutating func append(contentsOf other: FlatBuffer<Element>, from start: Int) {
        let added = other.count - start
        if count + added > capacity { grow(to: max(capacity * 2, count + added)) }
        (base + count).initialize(from: other.base + start, count: added)
        count += added
    }

    /// Drops the elements from `start` on.
    package mutating func removeLast(from start: Int) {
        (base + start).deinitialize(count: count - start)
        count = start
    }

    package subscript(position: Int) -> Element {
        get { base[position] }
        nonmutating set { base[position] = newValue }
    }

    /// The elements, which the caller now owns (and frees with `deallocate`); this buffer must not be used again.
    package func adopt() -> UnsafeMutableBufferPointer<Element> {
        UnsafeMutableBufferPointer(start: base, count: count)
    }

    /// Frees the memory of a buffer that was not adopted.
    package func discard() {
        base.deinitialize(count: count)
        base.deallocate()
    }

    private mutating func grow(to newCapacity: Int) {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = newCapacity
    }
}

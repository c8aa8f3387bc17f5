@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Testing

/// The types that hold the library's unsafe memory (`Docs/Architecture.md`, "Unsafe memory").
@Suite("Tables and lazy and guaranteed references")
struct MemoryTypesTests {
    @Test("a table holds its elements in order, 64-byte aligned, even when empty", arguments: [0, 1, 7, 1000])
    func tableHoldsElements(count: Int) {
        let values = (0..<count).map { Int32($0 * 3) }
        let table = Table(values)
        #expect(Array(table.view) == values)
        #expect(table.count == count && table.byteCount == count * 4)
        #expect(UInt(bitPattern: table.view.base) % 64 == 0)
        if count > 2 { #expect(Array(table.view[1..<3]) == [3, 6]) }
    }

    @Test("a view of an array reads it in place, empty arrays included")
    func viewOfArray() {
        #expect(TableView.withElements(of: [Int32]()) { $0.count } == 0)
        #expect(TableView.withElements(of: [1.5, 2.5]) { Array($0) } == [1.5, 2.5])
    }

    final class Payload: Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test("a lazy reference makes its object once, hands out that same object, and frees it with itself")
    func lazyReferenceMakesOnce() {
        weak var made: Payload?
        do {
            let lazy = LazyReference<Payload>()
            #expect(!lazy.isMade && lazy.madeValue == nil)
            var makes = 0
            let first = lazy.withValue(orMake: { makes += 1; let p = Payload(7); made = p; return p }) { ObjectIdentifier($0) }
            for _ in 0..<1000 {
                let again = lazy.withValue(orMake: { makes += 1; return Payload(8) }) { ObjectIdentifier($0) }
                #expect(again == first)
            }
            #expect(makes == 1 && lazy.isMade && lazy.madeValue?.value == 7)
            // The unretained reads neither leaked nor over-released it: still alive here…
            #expect(made != nil)
        }
        // …and freed with the lazy reference that owned it.
        #expect(made == nil)
    }

    @Test("a guaranteed reference hands out its own object, uncounted, and frees it with itself")
    func guaranteedReferenceReadsItsObject() {
        weak var held: Payload?
        do {
            let reference = {
                let payload = Payload(11)
                held = payload
                return GuaranteedReference(payload)
            }()
            // Only the reference owns the object now.
            #expect(held != nil && reference.object.value == 11)
            let identity = ObjectIdentifier(reference.object)
            for _ in 0..<1000 {
                #expect(reference.withObject { ObjectIdentifier($0) } == identity)
                #expect(reference.withObject { $0.value } == 11)
            }
            // The uncounted reads neither leaked nor over-released it: still alive here…
            #expect(held != nil)
        }
        // …and freed with the reference that owned it.
        #expect(held == nil)
    }

    @Test("racing first uses all get the one object, made once")
    func lazyReferenceRace() async {
        let lazy = LazyReference<Payload>()
        let makes = Locked(0)
        let seen = await withTaskGroup(of: ObjectIdentifier.self) { group in
            for value in 0..<16 {
                group.addTask { lazy.withValue(orMake: { makes.withLock { $0 += 1 }; return Payload(value) }) { ObjectIdentifier($0) } }
            }
            var all: Set<ObjectIdentifier> = []
            for await identity in group { all.insert(identity) }
            return all
        }
        // Single flight: the racing callers waited for the one being made.
        let stored = lazy.withValue(orMake: { Payload(-1) }) { ObjectIdentifier($0) }
        #expect(seen == [stored])
        #expect(makes.withLock { $0 } == 1)
    }
}

import Synchronization

/// An object made by the first caller that needs it and kept for good: the engine's full records
/// and touch-tolerance index, built on first use.
///
/// One of the three types that hold AlphaHit's unsafe memory (see ``Table``). Every use after the
/// first is one atomic load and no reference counting: the object's address is kept beside
/// `AtomicLazyReference` (which owns the object) and read back unretained, which is sound because
/// the object is never replaced or released while this value lives. Two racing first callers may
/// both make one; the first stored is kept and the other dropped, so `make` must have no effects
/// beyond its result.
package final class LazyReference<Value: AnyObject & Sendable>: Sendable {
    @usableFromInline let owner = AtomicLazyReference<Value>()
    /// The stored object's address, 0 until stored.
    @usableFromInline let address = Atomic<UInt>(0)

    package init() {}

    /// Calls `body` with the object, made by `make` on first use.
    @inlinable @inline(__always)
    package func withValue<Result>(orMake make: () -> Value, _ body: (Value) -> Result) -> Result {
        let stored = address.load(ordering: .acquiring)
        if stored != 0 {
            // Unretained: `owner` keeps the object alive for as long as this value.
            // `_withUnsafeGuaranteedRef` is underscored standard-library API; LazyReferenceTests
            // fail if it ever retains without releasing (a leak) or stops keeping the identity.
            return Unmanaged<Value>.fromOpaque(UnsafeRawPointer(bitPattern: stored).unsafelyUnwrapped)._withUnsafeGuaranteedRef(body)
        }
        let value = owner.storeIfNil(make())
        address.store(UInt(bitPattern: Unmanaged.passUnretained(value).toOpaque()), ordering: .releasing)
        return body(value)
    }

    /// Whether the object has been made yet.
    package var isMade: Bool { address.load(ordering: .acquiring) != 0 }

    /// The object if made, else nil (retained: for reports, not for hot paths).
    package var madeValue: Value? { owner.load() }
}

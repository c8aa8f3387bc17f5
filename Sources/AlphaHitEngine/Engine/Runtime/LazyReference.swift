import AlphaHitBasics
import Synchronization

/// An object made by the first caller that needs it and kept for good: the engine's full records
/// and touch-tolerance index, and a scene snapshot's engine, built on first use.
///
/// One of the four types that hold AlphaHit's unsafe memory (see `Table`). Every use after the
/// first is one atomic load and no reference counting: the object's address is kept beside the
/// lock that owns the object and read back unretained, which is sound because the object is never
/// replaced or released while this value lives. Making is single-flight: the first caller makes the
/// object under the lock while racing ones wait for it, so `make` runs once. (It used to run in
/// each racing caller, the first stored winning; the thread sanitizer could not see that the
/// losers' reads were ordered after the winner's writes, and a wasted index can be large.) It
/// sits in the engine's module, beside ``GuaranteedReference``, for the same reason: from
/// `AlphaHitBasics` its generic read was called unspecialised, 24 instructions a call, twice in a
/// snapshot's near miss (callgrind, 2026-12-07).
final class LazyReference<Value: AnyObject & Sendable>: Sendable {
    /// The object once made; made and stored under its lock.
    let owner = Locked<Value?>(nil)
    /// The stored object's address, 0 until stored.
    let address = Atomic<UInt>(0)

    init() {}

    /// Calls `body` with the object, made by `make` on first use.
    @inline(__always)
    func withValue<Result>(orMake make: () -> Value, _ body: (Value) -> Result) -> Result {
        let stored = address.load(ordering: .acquiring)
        if stored != 0 {
            // Unretained: `owner` keeps the object alive for as long as this value.
            // `_withUnsafeGuaranteedRef` is underscored standard-library API; MemoryTypesTests
            // fail if it ever retains without releasing (a leak) or stops keeping the identity.
            return Unmanaged<Value>.fromOpaque(UnsafeRawPointer(bitPattern: stored).unsafelyUnwrapped)._withUnsafeGuaranteedRef(body)
        }
        return body(made(by: make))
    }

    /// The first use: makes the object, or waits for the caller making it and returns that one.
    func made(by make: () -> Value) -> Value {
        owner.withLock { value in
            if let value { return value }
            let made = make()
            value = made
            address.store(UInt(bitPattern: Unmanaged.passUnretained(made).toOpaque()), ordering: .releasing)
            return made
        }
    }

    /// Whether the object has been made yet.
    var isMade: Bool { address.load(ordering: .acquiring) != 0 }

    /// The object if made, else nil (retained: for reports, not for hot paths).
    var madeValue: Value? { owner.withLock { $0 } }
}

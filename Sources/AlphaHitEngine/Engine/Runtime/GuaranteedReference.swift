/// An object owned by a strong reference and read without counting one: a built engine's storage,
/// which every near miss reads.
///
/// One of the four types that hold AlphaHit's unsafe memory (with `Table`, `LazyReference` and
/// ``ElementHandle``). Beside the strong reference it keeps the object's address, unretained, and
/// ``withObject(_:)`` reads the object through that: sound, because the strong reference in the same
/// value keeps the object alive for as long as the value, and a caller can only read it while
/// holding the value. Why: Swift copies (retains) a class reference it loads from a struct before
/// handing it to an outlined closure, and releases it after, whatever the form of the read
/// (callgrind, 2026-12-07): a count on every read, on a cache line that every thread reading the
/// object shares. It sits in the engine's module so that its generic read is specialised and
/// inlined where it is used: from `AlphaHitBasics` it was called unspecialised, 40 instructions a
/// near miss.
struct GuaranteedReference<Object: AnyObject & Sendable>: Sendable {
    /// The object, owned.
    let object: Object
    /// The same object, unretained.
    let unretained: Unmanaged<Object>

    init(_ object: Object) {
        self.object = object
        unretained = .passUnretained(object)
    }

    /// Calls `body` with the object, without counting a reference to it.
    @inline(__always)
    func withObject<Result>(_ body: (Object) -> Result) -> Result {
        // `_withUnsafeGuaranteedRef` is underscored standard-library API, as in LazyReference;
        // MemoryTypesTests fail if it ever retains without releasing or hands out another object.
        unretained._withUnsafeGuaranteedRef(body)
    }
}

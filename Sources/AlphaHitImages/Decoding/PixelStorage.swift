import AlphaHitBasics

/// An immutable block of decoded pixel bytes, freed when the last image using it goes away.
///
/// Written once by the decoder before any ``DecodedImage`` refers to it, never
/// after; that is what makes the unchecked `Sendable` conformance true.
@usableFromInline
package final class PixelStorage: @unchecked Sendable {
    /// Start of the bytes, aligned for `UInt64` so mask rows can be read as words.
    @usableFromInline package let base: UnsafeMutableRawPointer
    @usableFromInline package let count: Int

    /// Allocates `count` bytes, zeroed when `zeroed` (formats the decoder only ORs into);
    /// otherwise the decoder writes every byte before anyone can read the storage.
    package init(byteCount count: Int, zeroed: Bool) {
        self.count = count
        // Large planes sit on 2 MiB boundaries and ask for transparent huge pages: filling them
        // takes a few hundred page faults instead of thousands, and random lookups into them
        // miss the TLB far less. (Where the kernel declines, nothing changes.)
        let large = count >= Self.hugePageSize * 2
        base = UnsafeMutableRawPointer.allocate(byteCount: max(count, 1), alignment: large ? Self.hugePageSize : 64)
        if large { Platform.adviseHugePages(base, byteCount: count) }
        if zeroed || count == 0 { base.initializeMemory(as: UInt8.self, repeating: 0, count: max(count, 1)) }
    }

    package static let hugePageSize = 2 << 20

    /// What other parts of the library derive from these pixels (touch tolerance's solid-pixel
    /// tables, one per threshold), made on first need and kept as long as the pixels: every engine
    /// that uses the image through the cache shares them.
    private let derivations = Locked<[AnyHashable: AnyObject]>([:])

    /// The value derived under `key`, made by `make` on first need (once: a second caller waits).
    package func derived<Value: AnyObject & Sendable, Key: Hashable & Sendable>(_ key: Key, make: () -> Value) -> Value {
        derivations.withLock { store in
            if let known = store[key] as? Value { return known }
            let made = make()
            store[key] = made
            return made
        }
    }

    deinit {
        base.deallocate()
    }
}

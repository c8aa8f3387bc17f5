import AlphaHitAtlas
import AlphaHitBasics
import AlphaHitEngine
import AlphaHitJSON

extension LayoutDecoder {
    /// An object's members, matched once against the keys it may have: for each key, the position
    /// of its member (held inline, so that reading an object allocates nothing).
    struct Fields {
        let keys: KeySet
        let members: JSONObject
        private var slots: (
            Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32,
            Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32
        ) = (-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1)

        init(keys: KeySet, members: JSONObject) {
            precondition(keys.names.count <= 24, "an object of the layout format has at most 24 keys")
            self.keys = keys
            self.members = members
        }

        mutating func set(_ key: Int, to position: Int) {
            withUnsafeMutableBytes(of: &slots) { $0.storeBytes(of: Int32(position), toByteOffset: key * 4, as: Int32.self) }
        }

        /// The member for `key` of an element object (read by position).
        subscript(key: ElementKey) -> JSONNode? { value(atSlot: key.rawValue) }

        /// The member for `key` of a frame object (read by position).
        subscript(key: FrameKey) -> JSONNode? { value(atSlot: key.rawValue) }

        private func value(atSlot index: Int) -> JSONNode? {
            let position = withUnsafeBytes(of: slots) { $0.load(fromByteOffset: index * 4, as: Int32.self) }
            return position < 0 ? nil : members.value(at: Int(position))
        }

        /// The member named `key`, one of the object's declared keys.
        subscript(key: String) -> JSONNode? {
            guard let index = keys.position(of: key) else { return nil }
            let position = withUnsafeBytes(of: slots) { $0.load(fromByteOffset: index * 4, as: Int32.self) }
            return position < 0 ? nil : members.value(at: Int(position))
        }
    }

    /// The keys an object may have, each with a signature (its length and first eight bytes) so
    /// that finding a key compares integers: a layout object has a handful of keys, and hundreds of
    /// thousands of objects make a dictionary or string comparisons per lookup add up.
    struct KeySet {
        let names: [String]
        private let bytes: [[UInt8]]
        private let signatures: [UInt64]

        init(_ names: [String]) {
            self.names = names
            bytes = names.map { Array($0.utf8) }
            signatures = bytes.map(Self.signature)
        }

        static func signature(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var value = UInt64(bytes.count) << 56
            for (offset, byte) in bytes.prefix(7).enumerated() { value |= UInt64(byte) << (UInt64(offset) * 8) }
            return value
        }

        static func signature(_ bytes: [UInt8]) -> UInt64 {
            bytes.withUnsafeBufferPointer(signature)
        }

        /// The position of the key spelled by `bytes`, if it is one of these.
        func position(ofBytes bytes: UnsafeBufferPointer<UInt8>) -> Int? {
            let wanted = Self.signature(bytes)
            for position in signatures.indices where signatures[position] == wanted {
                // Eight bytes and the length already agree: compare the rest.
                let name = self.bytes[position]
                var same = true
                for offset in 7..<max(7, name.count) where name[offset] != bytes[offset] { same = false }
                if same { return position }
            }
            return nil
        }

        /// The position of `name`, if it is one of these.
        func position(of name: String) -> Int? {
            // A native string's UTF-8 is contiguous: read in place, without a copy.
            if let found = name.utf8.withContiguousStorageIfAvailable({ position(ofBytes: $0) }) { return found }
            var name = name
            return name.withUTF8 { position(ofBytes: $0) }
        }
    }
}

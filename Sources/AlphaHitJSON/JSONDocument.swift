import AlphaHitBasics

/// A parsed JSON document, stored flat: one buffer of nodes, one of container members, and the
/// source bytes that strings point into (unescaped copies only for strings with escapes).
///
/// Flat storage is what lets a 300,000-element layout load quickly: no allocation per value, no
/// reference counting to look at one (nodes hold a plain pointer to the buffers), and freeing the
/// document frees four buffers instead of millions of small objects.
package final class JSONDocument {
    package enum Kind: UInt8 { case null, bool, number, string, array, object }

    /// 20 bytes: a number's bits share the space of a string's or container's range.
    package struct Node {
        package var kind: Kind
        /// A boolean's value; for a string, whether its bytes are in `unescaped`.
        package var flag = false
        package var line: Int32
        package var column: Int32
        /// A string's bytes, or a container's members: `start ..< start + count`.
        package var start: Int32 = 0
        package var count: Int32 = 0

        @inlinable
        package init(kind: Kind, line: Int32, column: Int32) {
            self.kind = kind
            self.line = line
            self.column = column
        }

        @inlinable
        package var number: Double {
            get { Double(bitPattern: UInt64(UInt32(bitPattern: start)) << 32 | UInt64(UInt32(bitPattern: count))) }
            set {
                start = Int32(bitPattern: UInt32(truncatingIfNeeded: newValue.bitPattern >> 32))
                count = Int32(bitPattern: UInt32(truncatingIfNeeded: newValue.bitPattern))
            }
        }
    }

    /// One item of an array (no key) or member of an object.
    package struct Member {
        package var keyStart: Int32 = 0
        package var keyCount: Int32 = 0
        package var keyEscaped = false
        package var node: Int32
    }

    /// The buffers, at one stable address that nodes point to.
    package struct Storage {
        package var nodes: UnsafeMutableBufferPointer<Node>
        package var members: UnsafeMutableBufferPointer<Member>
        package var bytes: UnsafeMutableBufferPointer<UInt8>
        package var unescaped: UnsafeMutableBufferPointer<UInt8>

        /// The bytes of a string stored at `start ..< start + count`.
        @inlinable
        package func text(_ start: Int32, _ count: Int32, escaped: Bool) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: (escaped ? unescaped : bytes)[Int(start)..<Int(start + count)])
        }
    }

    package let storage: UnsafeMutablePointer<Storage>

    /// Takes ownership of `nodes` and `members` (allocated buffers); copies the bytes.
    package init(bytes: [UInt8], nodes: UnsafeMutableBufferPointer<Node>, members: UnsafeMutableBufferPointer<Member>, unescaped: [UInt8]) {
        func copy(_ array: [UInt8]) -> UnsafeMutableBufferPointer<UInt8> {
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, array.count))
            _ = buffer.initialize(from: array)
            return UnsafeMutableBufferPointer(rebasing: buffer[0..<array.count])
        }
        storage = .allocate(capacity: 1)
        storage.initialize(to: Storage(nodes: nodes, members: members, bytes: copy(bytes), unescaped: copy(unescaped)))
    }

    deinit {
        storage.pointee.nodes.deallocate()
        storage.pointee.members.deallocate()
        storage.pointee.bytes.deallocate()
        storage.pointee.unescaped.deallocate()
        storage.deallocate()
    }

    /// The root value; valid while this document is alive.
    @inlinable
    package var root: JSONNode { JSONNode(storage: UnsafePointer(storage), index: 0) }
}

extension JSONDocument.Storage {
    /// The text of a string stored at `start ..< start + count` (already checked to be UTF-8).
    @inlinable
    package func string(_ start: Int32, _ count: Int32, escaped: Bool) -> String {
        String(decoding: text(start, count, escaped: escaped), as: UTF8.self)
    }

    /// Whether the string stored at `start ..< start + count` is `name`, byte for byte.
    @inlinable
    package func bytesEqual(_ start: Int32, _ count: Int32, escaped: Bool, _ name: String) -> Bool {
        var name = name
        let stored = text(start, count, escaped: escaped)
        return name.withUTF8 { expected in
            guard expected.count == stored.count else { return false }
            for i in 0..<expected.count where stored[i] != expected[i] { return false }
            return true
        }
    }
}

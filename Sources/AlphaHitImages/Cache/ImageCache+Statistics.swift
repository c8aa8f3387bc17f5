extension ImageCache {
    /// What the cache has done and holds.
    public struct Statistics: Hashable, Sendable {
        /// Requests served without decoding: from memory, or by waiting for another thread's decode.
        public var hits = 0
        /// Requests that started a decode.
        public var misses = 0
        /// Decodes that failed (never cached).
        public var failures = 0
        /// Images dropped to stay within the byte budget.
        public var evictions = 0
        /// Bytes of pixel data held now.
        public var bytesHeld = 0
        /// Images held now.
        public var imageCount = 0
    }
}

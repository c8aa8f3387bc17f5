/// The last few values a scene looked up by key, newest last, compared before its dictionary is
/// asked: hashing a key (an image request's path, a pixels key) costs more than comparing a
/// handful. Only for lookups whose answers never change once found.
struct RecentValues<Key: Equatable, Value> {
    /// How many are kept.
    static var capacity: Int { 8 }

    private var entries: [(key: Key, value: Value)] = []

    init() {}

    /// The value remembered for `key`, or nil when it is not among the last few.
    @inline(__always)
    func value(for key: Key) -> Value? {
        // By index: `first(where:)` would copy each entry it passes (its key retained and released).
        for index in entries.indices where entries[index].key == key { return entries[index].value }
        return nil
    }

    /// Remembers `value` for `key`, forgetting the oldest past ``capacity``.
    @inline(__always)
    mutating func remember(_ value: Value, for key: Key) {
        if entries.count == Self.capacity { entries.removeFirst() }
        entries.append((key, value))
    }
}

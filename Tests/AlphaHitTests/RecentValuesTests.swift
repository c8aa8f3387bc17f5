@testable import AlphaHitEngine
import Testing

@Suite("Recent values")
struct RecentValuesTests {
    @Test("the last eight values remembered are found by their keys, the oldest forgotten first; against a plain list of everything remembered")
    func keepsTheLastEight() {
        // The rule's own number, not the type's: a change of it must fail here.
        let kept = 8
        #expect(RecentValues<Int, String>.capacity == kept)
        var recent = RecentValues<Int, String>()
        var remembered: [(key: Int, value: String)] = []
        var g = SplitMix(seed: 8)
        for step in 0..<500 {
            let key = Int(g.next() % 24)
            if let found = recent.value(for: key) {
                // Found: it is the value of the newest of the last eight remembered with that key...
                let lastEight = remembered.suffix(kept)
                #expect(lastEight.last { $0.key == key }?.value == found, "step \(step), key \(key)")
            } else {
                // ...and nothing among the last eight has that key when it is not found.
                #expect(!remembered.suffix(kept).contains { $0.key == key }, "step \(step), key \(key)")
                let value = "\(key)@\(step)"
                recent.remember(value, for: key)
                remembered.append((key, value))
            }
        }
        #expect(remembered.count > 50, "the keys repeat too often to exercise forgetting")
    }

    @Test("an optional value is told apart from a key not remembered")
    func optionalValues() {
        var recent = RecentValues<String, Int?>()
        recent.remember(nil, for: "none")
        #expect(recent.value(for: "none") == .some(nil))
        #expect(recent.value(for: "other") == nil)
    }
}

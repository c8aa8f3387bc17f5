@testable import AlphaHitBasics
import Testing

/// `Int(uncheckedTruncating:)`, the hot path's conversion, held to Swift's checked `Int(_:)` on the
/// values it is defined for.
@Suite("Unchecked truncation")
struct UncheckedTruncationTests {
    @Test("an unchecked truncation is Int(_:) for every finite value below 2^63 in magnitude", arguments: [UInt64(1), 2, 3])
    func agreesWithTheCheckedConversion(seed: UInt64) {
        var g = SplitMix(seed: seed)
        var values: [Double] = [0, -0.0, 0.5, -0.5, 0.9999999999999999, -0.9999999999999999, 1, -1, 255.99999999999997,
                                0x1p52 + 0.5, 0x1p53, -0x1p53, Double(Int.max).nextDown, Double(Int.min), 4095.999, 4096]
        for _ in 0..<20_000 {
            // Every magnitude, and whole numbers with their neighbours (where truncation turns).
            let magnitude = Double(sign: .plus, exponent: Int(g.next() % 62) - 1, significand: 1 + Double(g.next() % 1_000_000) / 1_000_000)
            let whole = Double(Int64(truncatingIfNeeded: g.next() % (1 << 40)) - (1 << 39))
            values += [magnitude, -magnitude, whole, whole.nextUp, whole.nextDown]
        }
        for value in values where value.magnitude < 0x1p63 {
            #expect(Int(uncheckedTruncating: value) == Int(value), "\(value)")
        }
    }
}

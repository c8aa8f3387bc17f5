/// A distinct colour for each element that stays the same from run to run: its hue comes from a
/// hash of the element's id, not from its position, so editing a layout does not repaint the rest.
enum ElementColors {
    static func color(for id: String) -> (red: UInt8, green: UInt8, blue: UInt8) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hue = Double(hash % 3600) / 10
        let saturation = 0.55 + Double((hash >> 20) % 40) / 100
        let value = 0.75 + Double((hash >> 40) % 25) / 100
        return hsv(hue, saturation, value)
    }

    static func hex(_ color: (red: UInt8, green: UInt8, blue: UInt8)) -> String {
        "#" + [color.red, color.green, color.blue].map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    private static func hsv(_ hue: Double, _ saturation: Double, _ value: Double) -> (UInt8, UInt8, UInt8) {
        let c = value * saturation
        let h = hue / 60
        let x = c * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double) =
            switch Int(h) {
            case 0: (c, x, 0)
            case 1: (x, c, 0)
            case 2: (0, c, x)
            case 3: (0, x, c)
            case 4: (x, 0, c)
            default: (c, 0, x)
            }
        let m = value - c
        return (UInt8(((r + m) * 255).rounded()), UInt8(((g + m) * 255).rounded()), UInt8(((b + m) * 255).rounded()))
    }
}

/// Image scale conventions.
public enum ImageScale {
    /// The scale a file name implies: 2 for `name@2x.png`, 3 for `name@3x.png` (the suffix must end
    /// the name, just before the extension), else nil.
    public static func inferred(fromPath path: String) -> Double? {
        let utf8 = Array(path.utf8)
        let nameStart = (utf8.lastIndex(of: UInt8(ascii: "/")) ?? -1) + 1
        let stemEnd = utf8[nameStart...].lastIndex(of: UInt8(ascii: ".")) ?? utf8.count
        guard stemEnd - nameStart >= 3, utf8[stemEnd - 3] == UInt8(ascii: "@"), utf8[stemEnd - 1] == UInt8(ascii: "x") else { return nil }
        switch utf8[stemEnd - 2] {
        case UInt8(ascii: "2"): return 2
        case UInt8(ascii: "3"): return 3
        default: return nil
        }
    }
}

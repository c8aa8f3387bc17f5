/// Image scale conventions.
public enum ImageScale {
    /// The scale a file name implies: 2 for `name@2x.png`, 3 for `name@3x.png` (the suffix must end
    /// the name, just before the extension), else nil.
    public static func inferred(fromPath path: String) -> Double? {
        // Reads the UTF-8 in place when the string is stored contiguously (native strings are):
        // this runs once per element, and a copy per call costs an allocation.
        path.utf8.withContiguousStorageIfAvailable(inferred(fromUTF8:)) ?? Array(path.utf8).withUnsafeBufferPointer(inferred(fromUTF8:))
    }

    private static func inferred(fromUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Double? {
        // The stem ends at the name's last dot, or with the path: searched from the end up to the
        // name's start, so that a long directory costs nothing (a scene's state switch asks).
        var stemEnd = utf8.count
        var index = utf8.count - 1
        while index >= 0, utf8[index] != UInt8(ascii: "/") {
            if utf8[index] == UInt8(ascii: ".") {
                stemEnd = index
                break
            }
            index -= 1
        }
        // `@`, a digit and `x` hold no slash, so when they end the stem they are in the name.
        guard stemEnd >= 3, utf8[stemEnd - 3] == UInt8(ascii: "@"), utf8[stemEnd - 1] == UInt8(ascii: "x") else { return nil }
        switch utf8[stemEnd - 2] {
        case UInt8(ascii: "2"): return 2
        case UInt8(ascii: "3"): return 3
        default: return nil
        }
    }
}

/// Image scale conventions.
public enum ImageScale {
    /// The scale a file name implies: 2 for `name@2x.png`, 3 for `name@3x.png` (the suffix must end
    /// the name, just before the extension), else nil.
    public static func inferred(fromPath path: String) -> Double? {
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        let stem = fileName.lastIndex(of: ".").map { String(fileName[..<$0]) } ?? fileName
        if stem.hasSuffix("@2x") { return 2 }
        if stem.hasSuffix("@3x") { return 3 }
        return nil
    }
}

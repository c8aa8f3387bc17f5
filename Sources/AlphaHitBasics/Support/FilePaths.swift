/// Path text, without touching the file system.
package enum FilePaths {
    /// The folder part of a file path (`.` for a bare file name, `/` for a file at the root): what
    /// a layout's image paths and an atlas's sheet resolve against.
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

import AlphaHitEngine
import AlphaHitImages

extension HitScene {
    /// Reads a layout file once and starts a scene on it, reporting every problem in the file at
    /// once, with lines, as ``HitTester/init(contentsOfLayoutFile:imageDirectory:cache:)`` does.
    ///
    /// - Parameter imageDirectory: where relative image paths start; nil: the layout file's folder.
    /// - Throws: ``LayoutFileError``.
    public convenience init(contentsOfLayoutFile path: String, imageDirectory: String? = nil, cache: ImageCache = .shared) throws(LayoutFileError) {
        let decoded = try LayoutFile.decodeAll(contentsOfFile: path, imageDirectory: imageDirectory)
        let layout = decoded.layout
        self.init(layout: layout, engine: try HitTester(decoded: decoded, file: path, cache: cache), cache: cache)
    }
}

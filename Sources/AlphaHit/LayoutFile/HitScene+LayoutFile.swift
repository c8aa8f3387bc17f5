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

    /// Starts a scene on a layout given as JSON text (`name` stands for the file in messages), as
    /// ``HitTester/init(layoutJSON:name:imageDirectory:cache:)`` reads it.
    ///
    /// - Parameter imageDirectory: where relative image paths start; nil: the current folder.
    /// - Throws: ``LayoutFileError``.
    public convenience init(layoutJSON bytes: [UInt8], name: String = "<layout>", imageDirectory: String? = nil, cache: ImageCache = .shared) throws(LayoutFileError) {
        let decoded = try LayoutFile.decodeAll(bytes, name: name, imageDirectory: imageDirectory)
        let layout = decoded.layout
        self.init(layout: layout, engine: try HitTester(decoded: decoded, file: name, cache: cache), cache: cache)
    }
}

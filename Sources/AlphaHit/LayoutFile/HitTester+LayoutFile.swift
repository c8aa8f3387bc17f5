import AlphaHitEngine
import AlphaHitImages

extension HitTester {
    /// Reads a layout file and builds its engine, reporting every problem in the file at once.
    ///
    /// - Throws: ``LayoutFileError``; `.invalid` lists structural problems and engine validation
    ///   problems (sizes, thresholds, transforms, images that cannot be decoded) together, in file order.
    ///
    /// - Parameter imageDirectory: where relative image paths start; nil: the layout file's folder.
    public init(contentsOfLayoutFile path: String, imageDirectory: String? = nil, cache: ImageCache = .shared) throws(LayoutFileError) {
        try self.init(decoded: LayoutFile.decodeAll(contentsOfFile: path, imageDirectory: imageDirectory), file: path, cache: cache)
    }

    /// Builds the engine from layout JSON held in memory (read from standard input, say), reporting
    /// every problem at once as for a file; `name` stands for the file in messages.
    ///
    /// - Parameter imageDirectory: where relative image paths start; nil: the current directory.
    /// - Throws: ``LayoutFileError``, as ``init(contentsOfLayoutFile:imageDirectory:cache:)`` does.
    public init(layoutJSON bytes: [UInt8], name: String = "<layout>", imageDirectory: String? = nil, cache: ImageCache = .shared) throws(LayoutFileError) {
        try self.init(decoded: LayoutFile.decodeAll(bytes, name: name, imageDirectory: imageDirectory), file: name, cache: cache)
    }

    /// Builds from a decoded layout file, adding the engine's own findings (except those inside a
    /// place the file's decoder already reported) and throwing when there is any problem.
    init(decoded: consuming LayoutFile.Decoded, file: String, cache: ImageCache) throws(LayoutFileError) {
        var problems = decoded.problems
        // The engine takes the layout over: nothing here needs it again, and for a large layout
        // it is tens of MB that the builder can free as it goes.
        let layout = decoded.layout
        decoded.layout.elements = []
        do {
            // Elements are listed in pre-order by the decoder and the engine alike; where the decoder
            // dropped some (it found problems), lines come from the paths instead.
            let lines = decoded.elementLines
            let engine = try HitTester(layout: layout, cache: cache) { index, path in
                index < lines.count ? lines[index] : decoded.position(of: path()).line
            }
            if problems.isEmpty {
                self = engine
                return
            }
        } catch {
            let reported = decoded.problems.map(\.location)
            problems += error.problems.filter { problem in
                !reported.contains { problem.location.isWithin($0) }
            }.map { problem in
                var problem = problem
                if problem.line == nil { (problem.line, problem.column) = decoded.position(of: problem.location) }
                return problem
            }
        }
        throw .invalid(LayoutError(problems: problems.inFileOrder(), file: file))
    }
}

extension HitTester {
    /// Reads a layout file and builds its engine, reporting every problem in the file at once.
    ///
    /// - Throws: ``LayoutFileError``; `.invalid` lists structural problems and engine validation
    ///   problems (sizes, thresholds, transforms, images that cannot be decoded) together, in file order.
    public init(contentsOfLayoutFile path: String, cache: ImageCache = .shared) throws(LayoutFileError) {
        try self.init(decoded: LayoutFile.decodeAll(contentsOfFile: path), file: path, cache: cache)
    }

    /// Builds from a decoded layout file, adding the engine's own findings (except those inside a
    /// place the file's decoder already reported) and throwing when there is any problem.
    init(decoded: LayoutFile.Decoded, file: String, cache: ImageCache) throws(LayoutFileError) {
        var problems = decoded.problems
        do {
            let engine = try HitTester(layout: decoded.layout, cache: cache) { decoded.position(of: $0).line }
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

import AlphaHit

/// Loading a layout file for a command: any problem becomes a ``CommandFailure`` (exit 1)
/// listing every problem in the file.
enum LayoutLoading {
    static func engine(_ path: String) throws(CommandFailure) -> HitTester {
        do {
            return try HitTester(contentsOfLayoutFile: path)
        } catch {
            throw CommandFailure(description: error.description)
        }
    }
}

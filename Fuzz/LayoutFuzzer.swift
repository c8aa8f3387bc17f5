// libFuzzer target: layout-file bytes parsed, decoded and validated (images are looked up in an
// empty folder, so image problems are reported, never read).
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    do {
        let decoded = try LayoutFile.decodeAll(bytes, name: "fuzz.json", imageDirectory: "/nonexistent-alphahit-fuzz")
        // Every problem names where it is and what is wrong.
        for problem in decoded.problems { precondition(!problem.message.isEmpty) }
        do {
            let engine = try HitTester(decoded: decoded, file: "fuzz.json", cache: ImageCache(byteBudget: 1 << 20))
            for x in stride(from: -10.0, through: 300, by: 37) {
                for y in stride(from: -10.0, through: 300, by: 41) {
                    let point = Point(x: x, y: y)
                    precondition(engine.elementIndex(at: point) == engine.explanation(at: point).last.flatMap { $0.verdict == .hit ? $0.element : nil })
                }
            }
        } catch {
            precondition(!error.description.isEmpty)
        }
    } catch {
        precondition(!error.description.isEmpty)
    }
    return 0
}

import Foundation
import Testing

/// The rules of `Docs/Architecture.md` that the compiler does not keep by itself: which modules
/// each target's files may import (the targets' dependencies keep the layers; this keeps the C
/// library, Foundation and the system modules to the files that may use them), and where raw
/// memory may be handled. A file breaking a rule fails here, by name.
@Suite("Layer rules")
struct LayerRulesTests {
    static let sources = Fixtures.packageRoot.appendingPathComponent("Sources")

    /// Every Swift file of `target`, as (path below Sources/<target>, text).
    static func files(of target: String) -> [(path: String, text: String)] {
        let root = sources.appendingPathComponent(target)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        return walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().compactMap { path in
            (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)).map { (path, $0) }
        }
    }

    static func imports(_ text: String) -> [String] {
        text.split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard let at = words.firstIndex(of: "import"), at + 1 < words.count, words[..<at].allSatisfy({ $0.hasPrefix("@") }) else { return nil }
            return String(words[at + 1])
        }
    }

    static let libc: Set = ["Glibc", "Musl", "Darwin"]

    /// For each target: the modules any of its files may import, and those only some files may.
    static let allowedImports: [String: (all: Set<String>, only: [String: Set<String>])] = [
        "AlphaHitBasics": (["Dispatch", "Synchronization"], ["Support/Platform.swift": libc, "Support/UncheckedTruncation.swift": ["CAlphaHitNumerics"], "Memory/Table.swift": ["CAlphaHitNumerics"]]),
        "AlphaHitJSON": (["AlphaHitBasics"], [:]),
        "AlphaHitImages": (["AlphaHitBasics"], [
            "Decoding/PNG/LibPNGReader.swift": ["CAlphaHitPNG"], "Decoding/WebP/LibWebPReader.swift": ["CLibWebP"],
            "Decoding/SVG/SVGDocument.swift": ["CAlphaHitSVG"], "Encoding/RawPNGImage.swift": ["CAlphaHitPNG"],
        ]),
        "AlphaHitAtlas": (["AlphaHitBasics", "AlphaHitJSON", "AlphaHitImages"], [:]),
        "AlphaHitEngine": (["AlphaHitBasics", "AlphaHitImages", "AlphaHitAtlas", "Dispatch"], ["Engine/Runtime/LazyReference.swift": ["Synchronization"]]),
        "AlphaHitOutline": (["AlphaHitBasics", "AlphaHitImages"], [:]),
        "AlphaHit": (["AlphaHitBasics", "AlphaHitJSON", "AlphaHitImages", "AlphaHitAtlas", "AlphaHitEngine", "AlphaHitOutline"], [:]),
        "AlphaHitReports": (["AlphaHit", "AlphaHitJSON"], [:]),
        "HitTestCLI": (["AlphaHit", "AlphaHitJSON", "AlphaHitReports"], ["IO/SystemCalls.swift": libc]),
        "AlphaHitC": (["AlphaHit", "AlphaHitReports", "AlphaHitJSON"], ["Exports.swift": libc, "CStatus.swift": libc, "EngineHandle.swift": ["Synchronization"]]),
        "hittest": (["HitTestCLI"], [:]),
    ]

    @Test("each file imports only what its layer may: the engine no JSON, the library no Foundation, libpng, libwebp, librsvg and libc in their own files", arguments: allowedImports.keys.sorted())
    func importsFollowTheLayers(target: String) throws {
        let allowed = try #require(Self.allowedImports[target])
        let files = Self.files(of: target)
        #expect(!files.isEmpty, "no sources found for \(target)")
        for (path, text) in files {
            for module in Self.imports(text) where !allowed.all.contains(module) && !(allowed.only[path]?.contains(module) ?? false) {
                Issue.record("Sources/\(target)/\(path) imports \(module), which its layer may not (Docs/Architecture.md, 'Rules of dependency')")
            }
        }
    }

    /// Raw memory: pointers, unretained references, reinterpreted bits, manual allocation. Typed
    /// buffer views a scoped call hands out (`withUnsafeBufferPointer`), whose subscripts are checked
    /// in debug builds, are not raw memory here.
    static let rawMemory = try! NSRegularExpression(
        pattern: #"(?<![A-Za-z])(Unsafe(Mutable)?(Raw)?Pointer|UnsafeMutableRawBufferPointer|UnsafeRawBufferPointer|Unmanaged|unsafeBitCast|unsafeAddress|bindMemory|assumingMemoryBound|\.allocate\(|baseAddress|OpaquePointer)"#)

    /// Where raw memory may be handled (Docs/Architecture.md, "Unsafe memory"): a folder (ending
    /// in "/") or a file, below Sources/.
    static let rawMemoryHomes = [
        // The four types.
        "AlphaHitBasics/Memory/", "AlphaHitEngine/Engine/Runtime/ElementHandle.swift", "AlphaHitEngine/Engine/Runtime/GuaranteedReference.swift",
        "AlphaHitEngine/Engine/Runtime/LazyReference.swift",
        // The records' image addresses, read only through the element handle and the hot records' test.
        "AlphaHitEngine/Engine/Runtime/CompiledElement.swift", "AlphaHitEngine/Engine/Runtime/ImageSlot.swift",
        "AlphaHitEngine/Engine/Runtime/ElementHitTest.swift", "AlphaHitEngine/Engine/Build/EngineBuilder+Compile.swift",
        "AlphaHitEngine/Engine/Build/PlacedImage.swift",
        // The hot records' test, which a scene's query shares (it names the records' addresses).
        "AlphaHitEngine/Engine/Runtime/QueryTables.swift",
        // A live scene's paged tables, written a page at a time, and its query over them.
        "AlphaHitEngine/Scene/Live/",
        // The public batch API, which takes its callers' buffers.
        "AlphaHitEngine/Engine/HitTester+Batch.swift",
        // Pixel memory and the C boundaries: libc, libpng, the C interface, the CLI's system calls.
        "AlphaHitBasics/Support/Platform.swift", "AlphaHitBasics/Support/Parallel.swift", "AlphaHitImages/Decoding/", "AlphaHitImages/Encoding/RawPNGImage.swift",
        "AlphaHitC/", "HitTestCLI/IO/",
        // Byte scanners of text in and out: the JSON reader, the layout decoder's keys, points, the query stream and its answers.
        "AlphaHitJSON/", "AlphaHit/LayoutFile/LayoutDecoder.swift", "AlphaHit/LayoutFile/LayoutDecoder+Keys.swift",
        "HitTestCLI/Arguments/PointParser.swift", "HitTestCLI/Commands/QueryStream.swift", "HitTestCLI/Commands/QueryWriter.swift",
        "HitTestCLI/Commands/PackedPlane.swift",
    ]

    @Test("raw memory is handled only where Docs/Architecture.md says", arguments: allowedImports.keys.sorted())
    func rawMemoryStaysHome(target: String) {
        for (path, text) in Self.files(of: target) {
            let place = "\(target)/\(path)"
            guard !Self.rawMemoryHomes.contains(where: { $0.hasSuffix("/") ? place.hasPrefix($0) : place == $0 }) else { continue }
            let range = NSRange(text.startIndex..., in: text)
            if let match = Self.rawMemory.firstMatch(in: text, range: range), let found = Range(match.range, in: text) {
                let line = text[..<found.lowerBound].filter { $0 == "\n" }.count + 1
                Issue.record("Sources/\(place):\(line) handles raw memory (\(text[found])), which only the files Docs/Architecture.md lists may")
            }
        }
    }

    @Test("no command checks one option against another by hand: the rules are declared in its spec (OptionRule)")
    func optionRulesAreDeclared() {
        for (path, text) in Self.files(of: "HitTestCLI") where path.hasPrefix("Commands/") {
            #expect(!text.contains("conflictingOptions"), "Sources/HitTestCLI/\(path) checks conflicting options by hand")
        }
    }
}

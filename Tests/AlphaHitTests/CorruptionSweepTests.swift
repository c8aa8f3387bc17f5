@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
@testable import AlphaHitJSON
import Foundation
import Testing

/// Corrupted inputs by the thousand: each must decode whole or fail with a typed error, nothing else.
@Suite("Corruption sweeps")
struct CorruptionSweepTests {
    static let formats: [PixelFormat] = [.alpha8, .premultipliedARGB8, .mask1(minAlpha: 26)]

    static func sample(_ path: String) throws -> [UInt8] {
        try Fixtures.bytes(of: Fixtures.packageRoot.appendingPathComponent(path))
    }

    /// Decodes in every format; true when all succeeded. A success must be a whole image.
    @discardableResult
    static func decodeWholeOrTypedError(_ bytes: [UInt8], limits: DecodingLimits = .default) -> Bool {
        var allSucceeded = true
        for format in formats {
            do {
                let image = try ImageDecoder(limits: limits).decode(bytes: bytes, name: "mutant.png", as: format)
                #expect(image.width >= 1 && image.height >= 1)
                #expect(image.byteCount == image.bytesPerRow * image.height)
                #expect(image.bytesPerRow == format.bytesPerRow(width: image.width))
            } catch {
                allSucceeded = false
                #expect(error.description.hasPrefix("mutant.png: "))
            }
        }
        return allSucceeded
    }

    @Test("every truncation of a sample PNG, in every format, fails with a typed error", arguments: ["Samples/diamonds/diamond.png", "Samples/retina/cross@3x.png"])
    func everyTruncation(path: String) throws {
        let png = try Self.sample(path)
        for length in 0..<png.count {
            #expect(!Self.decodeWholeOrTypedError(Array(png.prefix(length))), "a \(length)-byte prefix decoded")
        }
        #expect(Self.decodeWholeOrTypedError(png))
    }

    @Test("3,000 seeded bit flips and byte overwrites: each decodes whole or fails with a typed error")
    func mutations() throws {
        let originals = [try Self.sample("Samples/rounded-field/field@2x.png"), try Self.sample("Samples/nested/play@2x.png")]
        var random = SplitMix(seed: 2026)
        var outcomes = (decoded: 0, failed: 0)
        for round in 0..<3000 {
            var bytes = originals[round % originals.count]
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let offset = Int(random.next() % UInt64(bytes.count))
                if random.next() % 2 == 0 {
                    bytes[offset] ^= 1 << UInt8(random.next() % 8)
                } else {
                    bytes[offset] = UInt8(truncatingIfNeeded: random.next())
                }
            }
            if Self.decodeWholeOrTypedError(bytes, limits: DecodingLimits(maxWidth: 4096, maxHeight: 4096, maxDecodedBytes: 64 << 20)) {
                outcomes.decoded += 1
            } else {
                outcomes.failed += 1
            }
        }
        // Most single-byte damage breaks a CRC; some lands in ancillary chunks libpng may skip.
        #expect(outcomes.failed > 2000)
        print("mutations: \(outcomes.decoded) decoded whole, \(outcomes.failed) failed with a typed error")
    }

    @Test("a zlib bomb (16 KiB inflating to gigabytes) is refused before any pixel memory, under the default limits")
    func zlibBomb() throws {
        let bomb = [UInt8](try Data(contentsOf: Fixtures.packageRoot.appendingPathComponent("Tests/AlphaHitTests/Fixtures/zlib-bomb.png")))
        #expect(bomb.count < 32 << 10)
        for format in Self.formats {
            #expect(throws: ImageDecodingError.dimensionsExceedLimit(source: "bomb.png", width: 20000, height: 20000, maxWidth: 16384, maxHeight: 16384)) {
                try ImageDecoder().decode(bytes: bomb, name: "bomb.png", as: format)
            }
        }
        let wide = DecodingLimits(maxWidth: 20000, maxHeight: 20000)
        #expect(throws: ImageDecodingError.decodedSizeExceedsLimit(source: "bomb.png", bytes: 1_600_000_000, maxBytes: 256 << 20)) {
            try ImageDecoder(limits: wide).decode(bytes: bomb, name: "bomb.png", as: .premultipliedARGB8)
        }
    }

    static let smallLayouts = ["diamonds", "rounded-field", "unit-field", "retina", "nested"]

    @Test("every truncation of each sample layout fails with a typed error naming the file", arguments: smallLayouts)
    func layoutTruncations(sample: String) throws {
        let json = try Self.sample("Samples/\(sample)/layout.json")
        // Cutting only the trailing newline leaves a whole document; every shorter prefix is broken.
        let end = json.lastIndex(where: { $0 != 0x0A && $0 != 0x20 })! + 1
        for length in 0..<end {
            #expect(throws: LayoutFileError.self) { try LayoutFile.decode(Array(json.prefix(length)), name: "cut.json") }
        }
        _ = try LayoutFile.decode(json, name: "whole.json")
    }

    @Test("200 random truncations of the 10,000-element layout fail with a typed error")
    func largeLayoutTruncations() throws {
        let json = try Self.sample("Samples/large/layout.json")
        var random = SplitMix(seed: 5)
        for _ in 0..<200 {
            let length = Int(random.next() % UInt64(json.count - 2)) + 1
            #expect(throws: LayoutFileError.self) { try LayoutFile.decode(Array(json.prefix(length)), name: "cut.json") }
        }
    }

    /// Every key path of a parsed JSON document, spelled as layout issues spell paths, with the value's kind.
    static func keyPaths(_ node: JSONNode, _ path: String = "") -> [(path: String, kind: String)] {
        switch node.value {
        case .object(let members):
            return members.flatMap { key, child -> [(path: String, kind: String)] in
                let childPath = path.isEmpty ? key : "\(path).\(key)"
                return [(childPath, child.value.kind)] + keyPaths(child, childPath)
            }
        case .array(let items):
            return items.enumerated().flatMap { keyPaths($1, "\(path)[\($0)]") }
        default:
            return []
        }
    }

    /// The document as JSON text, with the value at `target` replaced by `replacement` (JSON text).
    static func text(_ node: JSONNode, replacing target: String, with replacement: String, path: String = "") -> String {
        switch node.value {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return "\(value)"
        case .string(let value): return "\"\(value)\""
        case .array(let items):
            return "[" + items.enumerated().map { text($1, replacing: target, with: replacement, path: "\(path)[\($0)]") }.joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { key, child in
                let childPath = path.isEmpty ? key : "\(path).\(key)"
                return "\"\(key)\":" + (childPath == target ? replacement : text(child, replacing: target, with: replacement, path: childPath))
            }.joined(separator: ",") + "}"
        }
    }

    @Test("a wrong type at every key of a sample layout is reported at that key's path", arguments: ["diamonds", "nested", "unit-field"])
    func wrongTypes(sample: String) throws {
        let parsed = try JSONParser.parse(try Self.sample("Samples/\(sample)/layout.json"))
        defer { withExtendedLifetime(parsed) {} }  // nodes do not retain their document
        let document = parsed.root
        let replacements: [(text: String, kind: String)] = [
            ("\"text\"", "a string"), ("123", "a number"), ("[1, 2]", "an array"), ("{\"a\": 1}", "an object"), ("null", "null"), ("true", "a boolean"),
        ]
        var checked = 0
        for (path, kind) in Self.keyPaths(document) {
            for replacement in replacements where replacement.kind != kind {
                // A single number where a scale pair is expected is a valid spelling of the same thing.
                if path.hasSuffix(".scale") && replacement.kind == "a number" { continue }
                let bytes = Array(Self.text(document, replacing: path, with: replacement.text).utf8)
                let error = try #require(throws: LayoutFileError.self, "\(path) = \(replacement.text)") { try LayoutFile.decode(bytes, name: "typed.json") }
                guard case .invalid(let invalid) = error else {
                    Issue.record("\(path): \(error)")
                    continue
                }
                // At the key itself, or inside it where the new kind is another accepted form (a shape object).
                let issues = invalid.problems
                #expect(issues.contains { $0.path == path || $0.path.hasPrefix(path + ".") }, "\(path) = \(replacement.text): \(issues.map(\.description))")
                checked += 1
            }
        }
        print("wrong types in \(sample): \(checked) replacements, each reported at its path")
        #expect(checked > 50)
    }

    @Test(
        "huge numbers and NaN or infinity spelled the JSON ways are refused",
        arguments: ["1e999", "-1e999", "NaN", "nan", "Infinity", "-Infinity", "inf", "0x10", "1.", ".5", "+1", "01"])
    func nonFiniteSpellings(spelling: String) {
        let text = "{\"version\": 1, \"elements\": [{\"id\": \"a\", \"frame\": {\"x\": \(spelling), \"y\": 0, \"width\": 1, \"height\": 1}}]}"
        do {
            _ = try LayoutFile.decode(Array(text.utf8), name: "n.json")
            Issue.record("\(spelling) was accepted")
        } catch {
            if case .invalid(let invalid) = error {
                #expect(invalid.problems.map(\.description) == ["elements[0].frame.x: must be a finite number (this one is too large)"])
            } else {
                #expect(error.description.hasPrefix("n.json:1:"))
            }
        }
    }

    @Test("10,000 nested elements are refused at the nesting limit, without exhausting the stack")
    func tenThousandLevels() {
        var text = ""
        for level in 0..<10_000 { text += "{\"id\": \"n\(level)\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1}, \"children\": [" }
        text = "{\"version\": 1, \"elements\": [" + text + String(repeating: "]}", count: 10_000) + "]}"
        #expect(throws: LayoutFileError.self) { try LayoutFile.decode(Array(text.utf8), name: "deep.json") }
    }
}

extension CorruptionSweepTests {
    @Test(
        "a 64-byte file claiming a 1.5 GB text chunk fails without allocating it (a fuzzing find)",
        .disabled(if: Fixtures.isSanitized, "a sanitizer's shadow memory makes the figures meaningless"))
    func oversizedAncillaryChunk() throws {
        let path = Fixtures.packageRoot.appendingPathComponent("Fuzz/regressions/png/oversized-text-chunk-1.5GB.png").path
        #expect(throws: ImageDecodingError.truncated(source: path, libpngMessage: "unexpected end of file")) {
            try ImageDecoder().decode(contentsOfFile: path, as: .alpha8)
        }
        // Measured by a process of its own: the in-process runner would report the whole test run's peak.
        let outcome = try HitTestRunner.runBinary(["decode", path, "-f", "alpha8", "-o", "/dev/null", "--stats"], standardOutput: "/dev/null")
        #expect(outcome.status == 1)
        let line = try #require(outcome.standardError.split(separator: "\n").first { $0.hasPrefix("stats: failed") })
        let words = line.split(separator: " ")
        let added = try #require(words.lastIndex(of: "bytes").flatMap { Int(words[$0 - 1]) })
        #expect(added < 8 << 20, "\(line)")
    }
}

@testable import AlphaHit
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
import Testing

/// `hittest render`, `validate` and `inspect`, run as a user runs them.
@Suite("hittest render, validate and inspect commands")
struct RenderValidateInspectTests {
    static func sample(_ name: String) -> String {
        Fixtures.packageRoot.appendingPathComponent("Samples/\(name)/layout.json").path
    }

    @Test("render paints each pixel with the colour of the element query answers at its centre", arguments: [("diamonds", 1.0), ("nested", 0.5)])
    func renderMatchesQuery(sample: String, scale: Double) throws {
        let folder = try Fixtures.temporaryDirectory()
        let png = folder.appendingPathComponent("map.png").path
        let render = try HitTestRunner.run(["render", Self.sample(sample), "-o", png, "--scale", String(scale)])
        #expect(render.status == 0)
        var colorOf: [String: [UInt8]] = [:]
        var owners = Set<String>()
        for line in render.text.split(separator: "\n") {
            let parts = line.split(separator: " ")
            let hex = parts[0].dropFirst()
            colorOf[String(parts[1])] = stride(from: 0, to: 6, by: 2).map { UInt8(hex.dropFirst($0).prefix(2), radix: 16)! } + [255]
            if parts[2] != "0" { owners.insert(String(parts[1])) }
        }
        let image = try ImageDecoder().decode(contentsOfFile: png, as: .premultipliedARGB8)
        var points = ""
        for y in 0..<image.height {
            for x in 0..<image.width { points += "\((Double(x) + 0.5) / scale),\((Double(y) + 0.5) / scale)\n" }
        }
        let answers = try HitTestRunner.run(["query", Self.sample(sample)], input: Data(points.utf8)).text.split(separator: "\n")
        #expect(answers.count == image.width * image.height)
        let argb = Fixtures.packedBytes(image)
        var mismatches = 0
        for (offset, answer) in answers.enumerated() {
            let pixel = Array(argb[offset * 4..<offset * 4 + 4])
            let expected: [UInt8] = answer == "-" ? [0, 0, 0, 0] : [255] + colorOf[String(answer)]!.prefix(3)
            if pixel != expected { mismatches += 1 }
        }
        #expect(mismatches == 0)
        #expect(Set(answers.filter { $0 != "-" }.map(String.init)) == owners)
    }

    @Test("render writes the legend to a file with --legend")
    func legendFile() throws {
        let folder = try Fixtures.temporaryDirectory()
        let png = folder.appendingPathComponent("map.png").path, legend = folder.appendingPathComponent("legend.txt").path
        let outcome = try HitTestRunner.run(["render", Self.sample("diamonds"), "-o", png, "--legend", legend])
        #expect(outcome.status == 0)
        #expect(outcome.text == "wrote \(png) (240x160) and \(legend)\n")
        let text = try String(contentsOfFile: legend, encoding: .utf8)
        #expect(text.split(separator: "\n").map { $0.split(separator: " ")[1] } == ["west", "east", "north", "south"])
    }

    @Test("render refuses a bad scale (exit 2) and an unwritable output (exit 1)")
    func renderErrors() throws {
        #expect(try HitTestRunner.run(["render", Self.sample("diamonds"), "-o", "/tmp/x.png", "--scale", "0"]).status == 2)
        let unwritable = try HitTestRunner.run(["render", Self.sample("diamonds"), "-o", "/nonexistent/dir/x.png"])
        #expect(unwritable.status == 1)
        #expect(unwritable.standardError == "Error: /nonexistent/dir/x.png: cannot open for writing: No such file or directory\n")
    }

    @Test("validate accepts every sample, without warnings, and exits 0")
    func validateSamples() throws {
        for sample in ["diamonds", "rounded-field", "unit-field", "retina", "nested", "large"] {
            let outcome = try HitTestRunner.run(["validate", Self.sample(sample)])
            #expect(outcome.status == 0, "\(sample): \(outcome.text)")
            #expect(!outcome.text.contains("warning"), "\(outcome.text)")
            #expect(outcome.text.hasPrefix("\(Self.sample(sample)): valid, "), "\(outcome.text)")
        }
    }

    @Test("validate prints every problem with file, line and path, and exits 1")
    func validateProblems() throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("layout.json").path
        try Fixtures.write(Array("""
            {"version": 1,
             "elements": [
               {"id": "a", "frame": {"x": 0, "y": 0, "width": 1, "height": -1}},
               {"id": "b", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "alphaTreshold": 0.5}
             ]}
            """.utf8), to: path)
        let outcome = try HitTestRunner.run(["validate", path])
        #expect(outcome.status == 1)
        #expect(outcome.text == """
            \(path):3: elements[0].frame.height: must be a finite number ≥ 0
            \(path):4: elements[1].alphaTreshold: unknown key; did you mean "alphaThreshold"?

            """)
        #expect(outcome.standardError == "Error: \(path): 2 problems found\n")
    }

    @Test("validate warns about elements that can never be hit, and still exits 0")
    func validateWarnings() throws {
        let folder = try Fixtures.temporaryDirectory()
        try Fixtures.write(Fixtures.rgbaPNG(width: 4, height: 4) { _, _ in (0, 0, 0, 20) }, to: folder.appendingPathComponent("faint.png").path)
        let path = folder.appendingPathComponent("layout.json").path
        try Fixtures.write(Array("""
            {"version": 1, "canvas": {"width": 20, "height": 20},
             "elements": [
               {"id": "buried", "frame": {"x": 5, "y": 5, "width": 5, "height": 5}},
               {"id": "cover", "frame": {"x": 0, "y": 0, "width": 20, "height": 20}},
               {"id": "ghost", "frame": {"x": 0, "y": 0, "width": 4, "height": 4}, "image": "faint.png"},
               {"id": "hidden", "frame": {"x": 0, "y": 0, "width": 4, "height": 4}, "hidden": true}
             ]}
            """.utf8), to: path)
        let outcome = try HitTestRunner.run(["validate", path])
        #expect(outcome.status == 0)
        #expect(outcome.text == """
            \(path):3: warning: elements[0]: "buried" owns no pixel of the hit map: elements in front cover it everywhere (or it is smaller than a pixel, or outside the canvas)
            \(path):5: warning: elements[2]: "ghost" can never be hit: its image has no pixel with alpha at or above 26
            \(path): valid, 4 elements, 2 warnings

            """)
    }

    @Test("inspect reports size, format, scale, opaque bounding box and solid fraction")
    func inspect() throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("dot@2x.png").path
        // 8 × 4: alpha 200 in the block x 2...4, y 1...2, alpha 20 elsewhere.
        try Fixtures.write(Fixtures.rgbaPNG(width: 8, height: 4, interlaced: true) { x, y in (9, 9, 9, (2...4).contains(x) && (1...2).contains(y) ? 200 : 20) }, to: path)
        let outcome = try HitTestRunner.run(["inspect", path])
        #expect(outcome.status == 0)
        #expect(outcome.text == """
            file: \(path)
            size: 8x4 pixels
            format: PNG
            color type: rgba
            bit depth: 8
            interlaced: yes (Adam7)
            image scale: 2 (from the @2x file name)
            opaque bounding box: x 2, y 1, width 3, height 2 pixels (alpha >= 26)
            solid pixels: 6 of 32 (18.8%) at threshold 0.1 (alpha >= 26)

            """)
        let lenient = try HitTestRunner.run(["inspect", path, "--threshold", "0.05"])
        #expect(lenient.text.contains("solid pixels: 32 of 32 (100.0%) at threshold 0.05 (alpha >= 13)"))
        #expect(try HitTestRunner.run(["inspect", path, "--threshold", "2"]).status == 2)
        let missing = try HitTestRunner.run(["inspect", folder.appendingPathComponent("none.png").path])
        #expect(missing.status == 1 && missing.standardError.contains("none.png: no such file"))
    }

    @Test("help lists every command; help COMMAND equals COMMAND --help", arguments: ["query", "render", "validate", "inspect", "decode"])
    func help(command: String) throws {
        let overview = try HitTestRunner.run(["--help"])
        #expect(overview.text.contains("  \(command) "))
        let viaHelp = try HitTestRunner.run(["help", command])
        let viaFlag = try HitTestRunner.run([command, "--help"])
        #expect(viaHelp.status == 0 && viaHelp.text == viaFlag.text)
        #expect(viaHelp.text.hasPrefix("OVERVIEW: ") && viaHelp.text.contains("USAGE: hittest \(command)"))
    }
}

@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Foundation
@testable import HitTestCLI
import Testing

/// The command line's smaller manners under hostile or careless use, one rule a test.
@Suite("Hardening: command manners")
struct CommandMannersTests {
    static let diamonds = Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/layout.json").path
    static let png = Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/diamond.png").path

    @Test("a query line longer than 64 KiB answers '!' with its line, and reading goes on")
    func overlongLine() throws {
        let long = String(repeating: "1", count: 200_000)
        let outcome = try HitTestRunner.run(["query", Self.diamonds], input: Data("75,95\n\(long)\n120,110\n\(long)".utf8))
        #expect(outcome.status == 1)
        #expect(outcome.text == "west\n!\nsouth\n!\n")
        #expect(outcome.standardError.contains("<stdin>:2: the line is longer than 65536 bytes"))
        #expect(outcome.standardError.contains("<stdin>:4: the line is longer than 65536 bytes"))
        let json = try HitTestRunner.run(["query", Self.diamonds, "--json"], input: Data("\(long)\n".utf8))
        #expect(json.text == #"{"line":1,"error":"malformed point '…': the line is longer than 65536 bytes"}"# + "\n")
        // Just at the limit a line is read (and is not a point here).
        let limit = try HitTestRunner.run(["query", Self.diamonds], input: Data((String(repeating: " ", count: 65_530) + "75,95\n").utf8))
        #expect(limit.text == "west\n")
    }

    @Test(
        "600 MB without a line break is read in flat memory (under a 600 MB address-space limit), then the next line is answered",
        .enabled(if: !HitTestRunner.underSanitizer, "a sanitizer cannot run under an address-space limit"))
    func flatMemory() throws {
        let folder = try Fixtures.temporaryDirectory()
        let script = folder.appendingPathComponent("feed.sh").path
        try Fixtures.write(Array("head -c 600000000 /dev/zero; printf '\\n75,95\\n'\n".utf8), to: script)
        let fifo = folder.appendingPathComponent("input").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let feeder = Process()
        feeder.executableURL = URL(fileURLWithPath: "/bin/sh")
        feeder.arguments = ["-c", "sh '\(script)' > '\(fifo)'"]
        try feeder.run()
        let outcome = try HitTestRunner.runLimited(["query", Self.diamonds], memoryKiB: 600_000, seconds: 60, input: fifo)
        feeder.waitUntilExit()
        #expect(outcome.status == 1, "\(outcome.standardError)")
        #expect(String(decoding: outcome.standardOutput, as: UTF8.self) == "!\nwest\n")
    }

    @Test(
        "inspect and decode name an atlas's own problem with its line, as a layout does",
        arguments: [
            ("sheet.png\nplay\n  rotate: 180\n  xy: 0, 0\n  size: 4, 4\n", "a.atlas:3: region \"play\": rotate: 180 is not supported (true, false, 90 or 0)"),
            ("sheet.png\nplay\n  xy: -5, 0\n  size: 4, 4\n", "a.atlas:2: region \"play\": its rectangle must be inside the sheet with a size of at least 1 x 1"),
            ("sheet.png\rplay\r  rotate: 180\r  xy: 0, 0\r  size: 4, 4\r", "a.atlas:3: region \"play\": rotate: 180 is not supported (true, false, 90 or 0)"),
        ])
    func atlasProblemsNamed(text: String, expected: String) throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("a.atlas").path
        try Fixtures.write(Array(text.utf8), to: path)
        for command in [["inspect", path], ["inspect", path, "--frame", "play"], ["decode", path, "--frame", "play", "-f", "alpha8", "-o", "/dev/null"]] {
            let outcome = try HitTestRunner.run(command)
            #expect(outcome.status == 1)
            #expect(outcome.standardError == "Error: \(folder.path)/\(expected)\n", "\(command)")
        }
    }

    @Test("a UTF-16 atlas is refused by name by inspect")
    func utf16Atlas() throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("a.atlas").path
        try Fixtures.write([0xFF, 0xFE] + "s.png\nplay\n".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, to: path)
        let outcome = try HitTestRunner.run(["inspect", path])
        #expect(outcome.standardError == "Error: \(path):1: the atlas is UTF-16 (or UTF-32) text; save it as UTF-8\n")
    }

    @Test("inspect given a layout says it looks like one and which commands read layouts")
    func layoutToInspect() throws {
        let outcome = try HitTestRunner.run(["inspect", Self.diamonds])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: '\(Self.diamonds)' looks like a layout file, not an atlas: query, render, validate and audit read layouts."))
    }

    @Test("sheets and atlases that are not regular files are refused by name, never waited on", arguments: ["sheet", "atlas"])
    func fifoInputs(which: String) throws {
        let folder = try Fixtures.temporaryDirectory()
        let atlas = folder.appendingPathComponent("ui.atlas").path, sheet = folder.appendingPathComponent("sheet.png").path
        if which == "sheet" {
            try Fixtures.write(Array("sheet.png\nplay\n  xy: 0, 0\n  size: 4, 4\n".utf8), to: atlas)
            #expect(mkfifo(sheet, 0o600) == 0)
        } else {
            #expect(mkfifo(atlas, 0o600) == 0)
        }
        let layout = folder.appendingPathComponent("layout.json").path
        try Fixtures.write(Array(#"{"version": 1, "elements": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 4, "height": 4}, "image": {"atlas": "ui.atlas", "frame": "play"}}]}"#.utf8), to: layout)
        var commands = [["validate", layout], ["query", layout, "1,1"]]
        if which == "sheet" { commands += [["inspect", atlas, "--frame", "play"], ["decode", atlas, "--frame", "play", "-f", "alpha8", "-o", "/dev/null"]] }
        for command in commands {
            let outcome = try HitTestRunner.runLimited(command, seconds: 10)
            #expect(outcome.status == 1, "\(command): \(outcome.status)")
            let said = outcome.standardError + String(decoding: outcome.standardOutput, as: UTF8.self)
            #expect(said.contains("it is not a regular file"), "\(command): \(said)")
        }
    }

    @Test("the spacing exception is WCAG's only, and a pass that relies on it says so")
    func spacingExceptionByStandard() throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("layout.json").path
        try Fixtures.write(Array(#"{"version": 1, "canvas": {"width": 200, "height": 200}, "elements": [{"id": "lone", "frame": {"x": 80, "y": 80, "width": 40, "height": 40}}]}"#.utf8), to: path)
        let wcag = try HitTestRunner.run(["audit", path, "--min-size", "44"])
        #expect(wcag.status == 0)
        #expect(wcag.text.contains("pass lone: owns 1600 pt², 0% covered, largest square 40 pt, tap point (99.875, 99.875), clearance 20 pt — passes by spacing: no other target within the 44-point circle"))
        let json = try HitTestRunner.run(["audit", path, "--standard", "wcag", "--json"])
        #expect(json.text.contains(#""pass":true,"bySpacing":false"#), "40 ≥ 24: a plain pass")
        for standard in ["apple", "material"] {
            let outcome = try HitTestRunner.run(["audit", path, "--standard", standard])
            #expect(outcome.status == 3)
            #expect(outcome.text.contains("FAIL lone: owns 1600 pt², 0% covered, largest square 40 pt, tap point (99.875, 99.875), clearance 20 pt — largest square 40 < \(standard == "apple" ? 44 : 48)\n"), "\(outcome.text)")
        }
    }

    @Test(
        "usage mistakes get usage errors that say what is wrong",
        arguments: [
            (["render", diamonds, "-o", ""], "The value '' is invalid for '--output': expected a file path or '-'."),
            (["inspect", png, "--index", "2"], "The value '2' is invalid for '--index': expected to be used with --frame."),
            (["decode", png, "--index", "2", "-f", "alpha8", "-o", "/dev/null"], "The value '2' is invalid for '--index': expected to be used with --frame."),
            (["inspect", png, "--frame", "a", "--index", "-5"], "The value '-5' is invalid for '--index': expected a whole number from -1 to 16777216."),
            (["inspect", png, "--rect", "9223372036854775807,0,1,1"], "The value '9223372036854775807,0,1,1' is invalid for '--rect': expected four whole numbers x,y,w,h from 0 to 16777216, with w and h at least 1."),
            (["decode", png, "--rect", "0,0,1,99999999999999999999", "-f", "alpha8", "-o", "/dev/null"], "The value '0,0,1,99999999999999999999' is invalid for '--rect': expected four whole numbers x,y,w,h from 0 to 16777216, with w and h at least 1."),
            (["render", diamonds, "-o", "/dev/null", "--scale", "1e-300"], "The value '1e-300' is invalid for '--scale': expected a number from 0.000001 to 1000000."),
            (["audit", diamonds, "--scale", "nan"], "The value 'nan' is invalid for '--scale': expected a number from 0.000001 to 1000000."),
        ])
    func usageMistakes(arguments: [String], message: String) throws {
        let outcome = try HitTestRunner.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: \(message)\n"), "\(outcome.standardError)")
    }

    @Test("--stats on a frame is a usage error about the option, not a value")
    func statsOnAFrame() throws {
        let outcome = try HitTestRunner.run(["decode", Self.png, "--rect", "0,0,4,4", "--stats", "-f", "alpha8", "-o", "/dev/null"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.hasPrefix("Error: --stats is for a whole image, not a frame or a rectangle of one."))
    }

    @Test("a layout with a canvas is never told to give itself one")
    func canvasHint() throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("layout.json").path
        try Fixtures.write(Array(#"{"version": 1, "canvas": {"width": 2000000, "height": 10}, "elements": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 4, "height": 4}}]}"#.utf8), to: path)
        let outcome = try HitTestRunner.run(["render", path, "-o", "/dev/null"])
        #expect(outcome.status == 1)
        #expect(!outcome.standardError.contains("give the layout a canvas"), "\(outcome.standardError)")
        let bare = folder.appendingPathComponent("bare.json").path
        try Fixtures.write(Array(#"{"version": 1, "elements": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 4e6, "height": 4}}]}"#.utf8), to: bare)
        let without = try HitTestRunner.run(["render", bare, "-o", "/dev/null"])
        #expect(without.standardError.contains("or give the layout a canvas"), "\(without.standardError)")
    }

    @Test("a repeated option takes its last value, as documented")
    func repeatedOption() throws {
        let outcome = try HitTestRunner.run(["render", Self.diamonds, "-o", "/dev/null", "--legend", "-", "--json", "--scale", "5", "--scale", "2"])
        #expect(outcome.text.hasPrefix(#"{"width":480,"height":320,"scale":2,"#), "\(outcome.text)")
    }

    @Test("up to 24 elements every element has its own colour; nested elements differ from their parents", arguments: ["audit", "nested", "diamonds", "atlas"])
    func distinctColours(sample: String) throws {
        let path = Fixtures.packageRoot.appendingPathComponent("Samples/\(sample)/layout.json").path
        let outcome = try HitTestRunner.run(["render", path, "-o", "/dev/null", "--legend", "-"])
        let colours = outcome.text.split(separator: "\n").map { $0.split(separator: " ")[0] }
        #expect(colours.count <= 24 && Set(colours).count == colours.count, "\(outcome.text)")
    }

    @Test("beyond 24 elements, elements that touch or nest still differ")
    func neighboursDiffer() {
        // 40 elements in a row, each touching the next, and each tenth the parent of the next nine.
        var neighbours = [Set<Int>](repeating: [], count: 40)
        for i in 0..<39 {
            neighbours[i].insert(i + 1)
            neighbours[i + 1].insert(i)
        }
        for i in 0..<40 where i % 10 != 0 {
            neighbours[i].insert(i / 10 * 10)
            neighbours[i / 10 * 10].insert(i)
        }
        let colours = ElementPalette.colors(neighbours: neighbours).map(ElementPalette.hex)
        for (i, near) in neighbours.enumerated() {
            for j in near { #expect(colours[i] != colours[j], "\(i) and \(j)") }
        }
    }
}

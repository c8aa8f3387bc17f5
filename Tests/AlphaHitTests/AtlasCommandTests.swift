@testable import AlphaHit
@testable import AlphaHitEngine
import Foundation
import Testing

/// `hittest inspect` and `hittest decode` on atlases and rectangles.
@Suite("Atlases on the command line")
struct AtlasCommandTests {
    static let root = AtlasExportTests.root.path

    @Test("inspect lists an atlas's frames: name, index, sheet, rectangle, rotation, trim, source size")
    func list() throws {
        let outcome = try HitTestRunner.run(["inspect", "\(Self.root)/texturepacker-hash/building1.json"])
        #expect(outcome.status == 0)
        #expect(outcome.text.contains("star1.png: building1.png at 98,33 size 29x28, rotated clockwise, trimmed from 32x32 (pixels at 2,2)\n"))
        let json = try HitTestRunner.run(["inspect", "\(Self.root)/libgdx-legacy/skin.atlas", "--json"])
        #expect(json.text.contains(#"{"name":"check-off","index":-1,"sheet":"skin.png","rect":{"x":55,"y":17,"width":14,"height":14},"rotation":"none","trimmed":true,"sourceWidth":18,"sourceHeight":14}"#))
    }

    @Test("inspect --frame describes the frame as an image; --rect a rectangle of a PNG")
    func describeFrame() throws {
        let frame = try HitTestRunner.run(["inspect", "\(Self.root)/texturepacker-hash/building1.json", "--frame", "star1.png", "--json"])
        #expect(frame.text.contains(#""width":32,"height":32"#) && frame.text.contains(#""imageScale":0.5,"imageScaleFromName":false"#))
        let rect = try HitTestRunner.run(["inspect", Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/diamond.png").path, "--rect", "40,40,20,20", "--json"])
        #expect(rect.text.contains(#""width":20,"height":20"#) && rect.text.contains(#""solidPixels":400"#))
    }

    @Test("decode --frame writes the frame with its rotation undone: a rotated, trimmed frame equals its unrotated twin, in alpha8 and argb8", arguments: ["alpha8", "argb8", "mask1"])
    func decodeFrame(format: String) throws {
        let folder = try Fixtures.temporaryDirectory("decodeFrame\(format)")
        let rotated = try HitTestRunner.run([
            "decode", "\(Self.root)/texturepacker-hash/building1@2x.json", "--frame", "star3.png", "--format", format, "-o", folder.appendingPathComponent("a").path,
        ])
        var twin: HitTestRunner.Outcome?
        for page in ["building1-0.json", "building1-1.json"] {
            let outcome = try HitTestRunner.run([
                "decode", "\(Self.root)/texturepacker-hash/reference_multipack_unrotated/\(page)", "--frame", "star3.png", "--format", format, "-o",
                folder.appendingPathComponent("b").path,
            ])
            if outcome.status == 0 { twin = outcome }
        }
        #expect(rotated.status == 0 && twin?.status == 0)
        #expect(rotated.text == "64 64 \(format)\n")
        let (a, b) = (try Data(contentsOf: folder.appendingPathComponent("a")), try Data(contentsOf: folder.appendingPathComponent("b")))
        #expect(!a.isEmpty && a == b)
    }

    @Test("decode --rect writes a rectangle of a PNG")
    func decodeRect() throws {
        let folder = try Fixtures.temporaryDirectory("decodeRect")
        let outcome = try HitTestRunner.run([
            "decode", Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/diamond.png").path, "--rect", "45,45,10,5", "--format", "alpha8", "-o",
            folder.appendingPathComponent("r").path,
        ])
        #expect(outcome.text == "10 5 alpha8\n")
        #expect(try Data(contentsOf: folder.appendingPathComponent("r")) == Data(repeating: 255, count: 50))
    }

    @Test("validate reports problems in the atlases a layout references, with the file, line and path")
    func validate() throws {
        let folder = try Fixtures.temporaryDirectory("validateAtlas")
        let sample = Fixtures.packageRoot.appendingPathComponent("Samples/atlas")
        for name in try FileManager.default.contentsOfDirectory(atPath: sample.path) {
            try FileManager.default.copyItem(at: sample.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let layout = folder.appendingPathComponent("layout.json")
        let text = try String(contentsOf: layout, encoding: .utf8).replacingOccurrences(of: #""frame": "stop""#, with: #""frame": "stpo""#)
        try Fixtures.write(Array(text.utf8), to: layout.path)
        let outcome = try HitTestRunner.run(["validate", layout.path])
        #expect(outcome.status == 1)
        #expect(outcome.text.contains(#"\#(layout.path):13: elements[1].image: \#(folder.path)/ui.json: no frame named "stpo"; did you mean "stop"?"#))
    }

    @Test(
        "misuse is a usage error; a bad frame or rect is an input error",
        arguments: [
            (["inspect", "Samples/diamonds/diamond.png", "--frame", "x"], 2),
            (["inspect", "ATLAS", "--rect", "0,0,1,1"], 2),
            (["decode", "ATLAS", "--format", "alpha8", "-o", "/dev/null"], 2),
            (["inspect", "ATLAS", "--frame", "nope"], 1),
            (["inspect", "Samples/diamonds/diamond.png", "--rect", "90,90,20,20"], 1),
            (["inspect", "Samples/diamonds/diamond.png", "--rect", "1,2,3"], 2),
        ] as [([String], Int32)])
    func misuse(arguments: [String], status: Int32) throws {
        let resolved = arguments.map { $0 == "ATLAS" ? "\(Self.root)/starling-xml/atlas.xml" : $0.hasPrefix("Samples/") ? Fixtures.packageRoot.appendingPathComponent($0).path : $0 }
        let outcome = try HitTestRunner.run(resolved)
        #expect(outcome.status == status, "\(outcome.standardError)")
        #expect(!outcome.standardError.isEmpty)
    }
}

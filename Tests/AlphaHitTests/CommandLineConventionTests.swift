@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Foundation
@testable import HitTestCLI
import Testing

/// The conventions the command line follows (Docs/CLI.md): readable explanations on large layouts,
/// JSON from every command that prints structured results, layouts from standard input, and
/// render colours that tell neighbours apart.
@Suite("hittest conventions")
struct CommandLineConventionTests {
    static func sample(_ name: String) -> String {
        Fixtures.packageRoot.appendingPathComponent("Samples/\(name)/layout.json").path
    }

    static func jsonObject(_ text: some StringProtocol) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("--explain on the 10,000-element sample lists only elements whose bounds contain the point, then one count")
    func explainLarge() throws {
        let outcome = try HitTestRunner.run(["query", Self.sample("large"), "--explain", "30,16"])
        #expect(outcome.status == 0)
        let lines = outcome.text.split(separator: "\n")
        #expect(lines.count < 12, "\(outcome.text)")
        let count = try #require(lines.last.flatMap { Int($0.split(separator: " ")[0].dropFirst()) })
        #expect(count > 9_000)
        #expect(lines.last!.hasSuffix("other elements considered: the point is outside their bounds)"))
        let engine = try HitTester(contentsOfLayoutFile: Self.sample("large"), cache: ImageCache())
        let shown = engine.explanation(at: Point(x: 30, y: 16)).filter(\.boundsContainPoint)
        #expect(lines.count == 2 + shown.count)
        let json = try Self.jsonObject(try HitTestRunner.run(["query", Self.sample("large"), "--explain", "--json", "30,16"]).text)
        #expect(json["others"] as? Int == count)
        #expect((json["explain"] as? [Any])?.count == shown.count)
    }

    @Test("--explain of a point outside the canvas says so")
    func explainOutsideCanvas() throws {
        let plain = try HitTestRunner.run(["query", Self.sample("diamonds"), "--explain", "-5,3"])
        #expect(plain.text == "-5,3: - (outside the canvas)\n")
        let json = try Self.jsonObject(try HitTestRunner.run(["query", Self.sample("diamonds"), "--explain", "--json", "-5,3"]).text)
        #expect(json["outsideCanvas"] as? Bool == true)
    }

    @Test("validate --json: valid layouts with their warnings, invalid ones with every problem")
    func validateJSON() throws {
        let valid = try Self.jsonObject(try HitTestRunner.run(["validate", Self.sample("nested"), "--json"]).text)
        #expect(valid["valid"] as? Bool == true && valid["elements"] as? Int == 7 && valid["ownershipChecked"] as? Bool == true)
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("bad.json").path
        try Fixtures.write(Array("{\"version\": 1,\n\"elements\": [{\"id\": \"a\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": -1, \"height\": 1}}]}".utf8), to: path)
        let outcome = try HitTestRunner.run(["validate", path, "--json"])
        #expect(outcome.status == 1)
        let invalid = try Self.jsonObject(outcome.text)
        let problems = try #require(invalid["problems"] as? [[String: Any]])
        #expect(invalid["valid"] as? Bool == false && problems.count == 1)
        #expect(problems[0]["path"] as? String == "elements[0].frame.width" && problems[0]["line"] as? Int == 2)
        try Fixtures.write(Array("{\"version\": 1,".utf8), to: path)
        let syntax = try Self.jsonObject(try HitTestRunner.run(["validate", path, "--json"]).text)
        #expect((syntax["problems"] as? [[String: Any]])?.first?["column"] as? Int == 15)
    }

    @Test("inspect --json gives the same figures as the plain description")
    func inspectJSON() throws {
        let image = Fixtures.packageRoot.appendingPathComponent("Samples/rounded-field/field@2x.png").path
        let json = try Self.jsonObject(try HitTestRunner.run(["inspect", image, "--json"]).text)
        #expect(json["width"] as? Int == 80 && json["imageScale"] as? Int == 2 && json["imageScaleFromName"] as? Bool == true)
        #expect(json["solidPixels"] as? Int == 5964 && json["totalPixels"] as? Int == 6400 && json["minAlpha"] as? Int == 26)
        let bounds = try #require(json["opaqueBounds"] as? [String: Int])
        #expect(bounds == ["x": 0, "y": 0, "width": 80, "height": 80])
    }

    @Test("render --json writes the legend as JSON, every element included, those owning no pixel with 0")
    func renderJSONLegend() throws {
        let folder = try Fixtures.temporaryDirectory()
        let outcome = try HitTestRunner.run(["render", Self.sample("nested"), "-o", folder.appendingPathComponent("m.png").path, "--json", "--scale", "0.5"])
        let legend = try Self.jsonObject(outcome.text)
        let elements = try #require(legend["elements"] as? [[String: Any]])
        #expect(elements.map { $0["id"] as? String } == ["backdrop", "panel", "panel-button", "overhang", "toolbar", "play", "stop"])
        #expect(elements.contains { $0["pixels"] as? Int == 0 })
        #expect(legend["width"] as? Int == 150 && legend["scale"] as? Double == 0.5)
        let plain = try HitTestRunner.run(["render", Self.sample("nested"), "-o", folder.appendingPathComponent("p.png").path, "--scale", "0.5"])
        #expect(plain.text.split(separator: "\n").count == 7)
    }

    @Test("'-' reads the layout from standard input; --images says where its images are")
    func layoutFromStandardInput() throws {
        let layout = try Data(contentsOf: URL(fileURLWithPath: Self.sample("diamonds")))
        let folder = Fixtures.packageRoot.appendingPathComponent("Samples/diamonds").path
        let outcome = try HitTestRunner.run(["query", "-", "--images", folder, "75,95", "5,5"], input: layout)
        #expect(outcome.status == 0 && outcome.text == "west\n-\n")
        let noImages = try HitTestRunner.run(["query", "-", "75,95"], input: layout)
        #expect(noImages.status == 1 && noImages.standardError.contains("<stdin>"))
        let noPoints = try HitTestRunner.run(["query", "-"], input: layout)
        #expect(noPoints.status == 2)
        let elsewhere = try HitTestRunner.run(["validate", Self.sample("diamonds"), "--images", "/nonexistent"])
        #expect(elsewhere.status == 1 && elsewhere.text.contains("/nonexistent/diamond.png: no such file"))
    }

    @Test("render colours: parents, neighbouring siblings and elements that touch in the picture differ", arguments: [("nested", 1.0), ("large", 0.25), ("diamonds", 1.0)])
    func distinctColours(sample: String, scale: Double) throws {
        let engine = try HitTester(contentsOfLayoutFile: Self.sample(sample), cache: ImageCache())
        let map = try engine.hitMap(scale: scale)
        let neighbours = ElementPalette.neighbours(engine, map)
        let colors = ElementPalette.colors(neighbours: neighbours).map(ElementPalette.hex)
        for (element, around) in neighbours.enumerated() {
            for other in around where neighbours[element].count < ElementPalette.palette.count {
                #expect(colors[element] != colors[other], "\(engine.id(of: ElementIndex(rawValue: Int32(element)))) and \(engine.id(of: ElementIndex(rawValue: Int32(other))))")
            }
        }
        // Touching pairs found independently, pixel by pixel.
        let owners = map.owners(inRows: 0..<map.height)
        for y in 0..<map.height {
            for x in 0..<map.width {
                guard let a = owners[y * map.width + x] else { continue }
                for (nx, ny) in [(x + 1, y), (x, y + 1)] where nx < map.width && ny < map.height {
                    if let b = owners[ny * map.width + nx], b != a { #expect(neighbours[Int(a.rawValue)].contains(Int(b.rawValue))) }
                }
            }
        }
    }

    @Test("Docs/CLI.md names every command and every option of every command")
    func cliPageIsComplete() throws {
        let page = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent("Docs/CLI.md"), encoding: .utf8)
        for command in HitTestCLI.subcommands {
            #expect(page.contains("## `hittest \(command.spec.name)"), "\(command.spec.name)")
            for option in command.spec.options {
                #expect(option.names.contains { page.contains("`\($0)") }, "\(command.spec.name) \(option.primaryName)")
            }
        }
    }
}

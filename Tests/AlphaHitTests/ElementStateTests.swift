@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
import Testing

/// The `states` and `state` keys (`Docs/LayoutFormat.md`, "States"): which image an element is
/// tested with, how each state's image is read, and what is refused.
@Suite("Element states")
struct ElementStateTests {
    /// A folder with two 10 × 10 images: `left.png` solid on its left half, `right.png` on its right half.
    private static func halves(_ label: String = #function) throws -> EngineFixtures.ImageFolder {
        let folder = try EngineFixtures.ImageFolder(label)
        try folder.image("left.png", width: 10, height: 10) { x, _ in x < 5 ? 255 : 0 }
        try folder.image("right.png", width: 10, height: 10) { x, _ in x >= 5 ? 255 : 0 }
        return folder
    }

    private static func button(state: String, image: String? = "left.png") -> Element {
        Element(id: "b", frame: Rect(x: 0, y: 0, width: 10, height: 10), image: image, states: ["highlighted": .file("right.png")], state: state)
    }

    @Test("an element is tested with its state's image; the normal state, and a state without an image of its own, use image", arguments: [
        ("highlighted", false, true), ("normal", true, false), ("disabled", true, false),
    ])
    func stateSelectsTheImage(state: String, leftHit: Bool, rightHit: Bool) throws {
        let engine = try Self.halves().engine([Self.button(state: state)])
        #expect((engine.id(atX: 2, y: 5) == "b") == leftHit)
        #expect((engine.id(atX: 7, y: 5) == "b") == rightHit)
    }

    @Test("without image, an element in a state with no image of its own is tested by its shape alone", arguments: [("highlighted", false), ("normal", true)])
    func noImageFallsBackToTheShape(state: String, leftHit: Bool) throws {
        let engine = try Self.halves().engine([Self.button(state: state, image: nil)])
        #expect((engine.id(atX: 2, y: 5) == "b") == leftHit)
        #expect(engine.id(atX: 7, y: 5) == "b")
    }

    @Test("each state's image takes its own @2x scale; an explicit imageScale applies to every state")
    func eachStateHasItsOwnScale() throws {
        let folder = try Self.halves()
        // 20 × 20 pixels at @2x: 10 × 10 points, solid on the right half.
        try folder.image("right@2x.png", width: 20, height: 20) { x, _ in x >= 10 ? 255 : 0 }
        var element = Element(id: "b", frame: Rect(x: 0, y: 0, width: 10, height: 10), image: "left.png", contentMode: .topLeft,
                              states: ["highlighted": .file("right@2x.png")], state: "highlighted")
        #expect(try folder.engine([element]).hit(at: Point(x: 7, y: 5))?.pixel == PixelCoordinate(x: 14, y: 10))
        // With imageScale 1 for all, the @2x image is 20 points wide at natural size: (7, 5) is pixel (7, 5), transparent.
        element.imageScale = 1
        #expect(try folder.engine([element]).id(atX: 7, y: 5) == nil)
    }

    @Test("cap insets must fit every state's image, the message naming the state")
    func capInsetsFitEveryState() throws {
        let folder = try Self.halves()
        try folder.image("small.png", width: 4, height: 4)
        let element = Element(id: "b", frame: Rect(x: 0, y: 0, width: 30, height: 30), image: "left.png",
                              capInsets: EdgeInsets(top: 1, left: 3, bottom: 1, right: 3), states: ["pressed": .file("small.png")])
        let error = try #require(throws: LayoutError.self) { try folder.engine([element]) }
        #expect(error.problems.map(\.description) == [
            "elements[0].capInsets: left + right (6.0) must be less than the image width of state \"pressed\" of 4.0 points",
        ])
    }

    @Test("a state may not be named normal or be unnamed, and state may not be empty; each named at its path", arguments: [
        (["normal": ImageSource.file("right.png")], "normal", "elements[0].states.normal: the normal state's image is the element's \"image\"; give it there"),
        (["": .file("right.png")], "normal", "elements[0].states[\"\"]: a state needs a non-empty name"),
        ([:], "", "elements[0].state: must be a non-empty state name (default \"normal\")"),
    ])
    func stateNames(states: [String: ImageSource], state: String, message: String) throws {
        let element = Element(id: "b", frame: Rect(x: 0, y: 0, width: 10, height: 10), image: "left.png", states: states, state: state)
        let error = try #require(throws: LayoutError.self) { try Self.halves().engine([element]) }
        #expect(error.problems.map(\.description) == [message])
    }

    @Test("a state's image that cannot be read is an error at states.NAME, whatever the state")
    func missingStateImage() throws {
        let element = Element(id: "b", frame: Rect(x: 0, y: 0, width: 10, height: 10), image: "left.png",
                              states: ["pressed down": .file("gone.png")], state: "normal")
        let error = try #require(throws: LayoutError.self) { try Self.halves().engine([element]) }
        #expect(error.problems.count == 1)
        #expect(error.problems[0].description.hasPrefix("elements[0].states[\"pressed down\"]: "))
        #expect(error.problems[0].description.contains("gone.png"))
    }

    @Test("a missing image and a missing state's image are both reported")
    func everyImageProblem() throws {
        let element = Element(id: "b", frame: Rect(x: 0, y: 0, width: 10, height: 10), image: "none.png",
                              states: ["on": .file("gone.png")], state: "on")
        let error = try #require(throws: LayoutError.self) { try Self.halves().engine([element]) }
        #expect(error.problems.map(\.path) == ["elements[0].image", "elements[0].states.on"])
    }

    @Test("every state's image is read when the layout is built and counts among the engine's input files")
    func stateImagesAreInputs() throws {
        let folder = try Self.halves()
        let engine = try folder.engine([Self.button(state: "normal")])
        #expect(engine.inputFiles.contains { $0.hasSuffix("/right.png") })
        #expect(engine.inputFiles.contains { $0.hasSuffix("/left.png") })
    }

    @Test("the layout file reads states and state, and reports their wrong forms with paths")
    func layoutFileStates() throws {
        let layout = try LayoutFileTests.decode("""
            {"version": 1, "elements": [{"id": "b", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "image": "a.png",
              "states": {"highlighted": "b.png", "disabled": {"atlas": "ui.json", "frame": "off"}}, "state": "disabled"}]}
            """)
        #expect(layout.elements[0].states == ["highlighted": .file("b.png"), "disabled": .atlasFrame(atlas: "ui.json", frame: "off")])
        #expect(layout.elements[0].state == "disabled")
        #expect(layout.elements[0].activeImageSource == .atlasFrame(atlas: "ui.json", frame: "off"))
        #expect(LayoutFileTests.issues("""
            {"version": 1, "elements": [
              {"id": "a", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "states": "b.png"},
              {"id": "b", "frame": {"x": 0, "y": 0, "width": 1, "height": 1}, "states": {"on": 3, "x y": ""}, "state": 1}
            ]}
            """) == [
                "elements[0].states: must be an object of state names to images, not a string",
                "elements[1].states.on: must be a PNG path, {\"atlas\", \"frame\"} or {\"file\", \"rect\"}, not a number",
                "elements[1].states[\"x y\"]: must be a non-empty path to a PNG file",
                "elements[1].state: must be a string, not a number",
            ])
    }

    @Test("a key that is not letters, digits and _ is written in a path as a quoted JSON string", arguments: [
        ("on", "elements[0].states.on"), ("x y", "elements[0].states[\"x y\"]"), ("a\"b", "elements[0].states[\"a\\\"b\"]"),
        ("1st", "elements[0].states[\"1st\"]"), ("tab\t", "elements[0].states[\"tab\\u0009\"]"), ("é", "elements[0].states[\"é\"]"),
    ])
    func pathKeys(key: String, written: String) {
        #expect(LayoutPath.element(0)["states"][key].description == written)
    }
}

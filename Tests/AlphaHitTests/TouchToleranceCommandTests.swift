@testable import AlphaHit
@testable import AlphaHitEngine
import Foundation
import Testing

/// `hittest query --tolerance` and `hittest render --tolerance`.
@Suite("Touch tolerance on the command line")
struct TouchToleranceCommandTests {
    /// Two squares 20 apart; "right" allows only 3 points of its own.
    static func layout() throws -> String {
        let folder = try Fixtures.temporaryDirectory("toleranceCLI")
        let path = folder.appendingPathComponent("layout.json").path
        try Fixtures.write(Array("""
            {"version": 1, "canvas": {"width": 100, "height": 50}, "elements": [
              {"id": "left", "frame": {"x": 0, "y": 0, "width": 20, "height": 20}},
              {"id": "right", "frame": {"x": 40, "y": 0, "width": 20, "height": 20}, "touchTolerance": 3},
              {"id": "under", "frame": {"x": 0, "y": 30, "width": 50, "height": 10}},
              {"id": "over", "frame": {"x": 10, "y": 30, "width": 10, "height": 10}}
            ]}
            """.utf8), to: path)
        return path
    }

    @Test("plain answers stay the id or '-'; a near point selects the nearest within its tolerance")
    func plain() throws {
        let outcome = try HitTestRunner.run(["query", try Self.layout(), "--tolerance", "6", "25,5", "38,5", "15,35", "30,5", "70,45"])
        // 5 from left; 2 from right (its own 3); exact; 10 from both (right allows 3, left 6); nothing.
        #expect(outcome.text == "left\nright\nover\n-\n-\n")
        #expect(try HitTestRunner.run(["query", try Self.layout(), "25,5"]).text == "-\n", "no tolerance without --tolerance")
    }

    @Test("--json has the distance: 0 for an exact hit, the distance for a near one, null for none; and the point it snaps to")
    func json() throws {
        let outcome = try HitTestRunner.run(["query", try Self.layout(), "--tolerance", "6", "--json", "25,5", "15,35", "70,45"])
        #expect(outcome.text == """
            {"point":[25,5],"id":"left","path":["left"],"local":[20,5],"pixel":null,"alpha":null,"distance":5,"nearest":[20,5]}
            {"point":[15,35],"id":"over","path":["over"],"local":[5,5],"pixel":null,"alpha":null,"distance":0,"nearest":[15,35]}
            {"point":[70,45],"id":null,"path":[],"local":null,"pixel":null,"alpha":null,"distance":null,"nearest":null}

            """)
    }

    @Test("--all lists the exact hits front to back, then the near candidates by distance, each with its distance")
    func all() throws {
        let outcome = try HitTestRunner.run(["query", try Self.layout(), "--tolerance", "25", "--all", "15,35", "30,10"])
        // At (15, 35): both hit exactly, then left 15 away (right is 29.2 away, beyond its own 3).
        // At (30, 10): left 10, right 10 (beyond its own 3), under 20, over √(10² + 20²).
        #expect(outcome.text == "over under left(15)\nleft(10) under(20) over(22.361)\n")
        let json = try HitTestRunner.run(["query", try Self.layout(), "--tolerance", "25", "--all", "--json", "30,10"])
        #expect(json.text.contains(#"{"id":"left","path":["left"],"local":null,"pixel":null,"alpha":null,"distance":10,"nearest":[20,10]}"#))
    }

    @Test("--explain gives each candidate's distance and why it lost")
    func explain() throws {
        let outcome = try HitTestRunner.run(["query", try Self.layout(), "--tolerance", "12", "--explain", "30,10"])
        #expect(outcome.text == """
            30,10: left (within its touch tolerance)
              right: 10 away (tolerance 3): beyond its tolerance
              left: 10 away (tolerance 12): chosen
              (4 other elements considered: the point is outside their bounds)

            """)
        // At (15, 25): left, under and over are all 5 away; over is the front-most.
        let tie = try HitTestRunner.run(["query", try Self.layout(), "--tolerance", "30", "--explain", "--json", "15,25"])
        #expect(tie.text.contains(
            #""near":[{"id":"over","distance":5,"tolerance":30,"verdict":"chosen"},{"id":"under","distance":5,"tolerance":30,"verdict":"as near as over, which is in front"},{"id":"left","distance":5,"tolerance":30,"verdict":"as near as over, which is in front"}"#))
    }

    @Test("a tolerance that is not a finite number of at least 0 is a usage error", arguments: ["-1", "nan", "inf", "abc", ""])
    func invalidTolerance(value: String) throws {
        let outcome = try HitTestRunner.run(["query", try Self.layout(), "--tolerance", value, "1,1"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("--tolerance"))
    }

    @Test("render --tolerance paints what a tap at each pixel would select")
    func render() throws {
        let layout = try Self.layout()
        let folder = try Fixtures.temporaryDirectory("toleranceRender")
        let exact = try HitTestRunner.run(["render", layout, "-o", folder.appendingPathComponent("a.png").path])
        let near = try HitTestRunner.run(["render", layout, "-o", folder.appendingPathComponent("b.png").path, "--tolerance", "2"])
        // "left" (20 × 20) grows by 2 on its free sides (the canvas cuts the others): 22 × 22 pixel
        // centres, less the one at (21.5, 21.5), 2.12 from the corner (20, 20). "right" grows by its
        // own 3 (not the query's 2) on three sides: 26 × 23, less two such corners.
        // Without --tolerance, "right" keeps its own 3: the layout's tolerances always apply.
        #expect(exact.text.contains("left 400\n") && exact.text.contains("right 596\n"))
        #expect(near.text.contains("left 483\n") && near.text.contains("right 596\n"))
        #expect(exact.status == 0 && near.status == 0)
    }
}

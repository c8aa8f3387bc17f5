import AlphaHit
import AlphaHitJSON
import AlphaHitReports

/// Formats the answers of `hittest query` into a buffered standard output, one answer per point.
struct QueryWriter {
    let engine: HitTester
    let mode: QueryCommand.Mode
    let json: Bool
    /// The query's touch tolerance (nil: the layout's).
    let tolerance: Double?
    let output: OutputSink
    /// Every element's id as UTF-8 plus a newline, back to back, for the plain answer without formatting work;
    /// one buffer rather than one array per element, so that loading a 300,000-element layout does not
    /// allocate and free 300,000 arrays.
    let idLines: [UInt8]
    /// Where each element's line ends in `idLines` (element `i`'s line is `idLineEnds[i-1]..<idLineEnds[i]`).
    let idLineEnds: [Int]
    /// With `--json`, every element's `"id":…,"path":[…],` back to back, and where each ends.
    let jsonPrefixes: [UInt8]
    let jsonPrefixEnds: [Int]
    static let missLine: [UInt8] = [UInt8(ascii: "-"), 0x0A]

    init(engine: HitTester, mode: QueryCommand.Mode, json: Bool, tolerance: Double?, output: OutputSink) {
        self.engine = engine
        self.mode = mode
        self.json = json
        self.tolerance = tolerance
        self.output = output
        var lines: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(engine.elements.count)
        for element in engine.elements {
            lines.append(contentsOf: engine.id(of: element).utf8)
            lines.append(0x0A)
            ends.append(lines.count)
        }
        idLines = lines
        idLineEnds = ends
        var prefixes: [UInt8] = [], prefixEnds: [Int] = []
        if json && mode == .front {
            prefixEnds.reserveCapacity(engine.elements.count)
            for element in engine.elements {
                let path = engine.path(of: element).map(JSONText.string).joined(separator: ",")
                prefixes.append(contentsOf: "\"id\":\(JSONText.string(engine.id(of: element))),\"path\":[\(path)],".utf8)
                prefixEnds.append(prefixes.count)
            }
        }
        jsonPrefixes = prefixes
        jsonPrefixEnds = prefixEnds
    }

    private init(_ other: QueryWriter, output: OutputSink) {
        (engine, mode, json, tolerance, self.output) = (other.engine, other.mode, other.json, other.tolerance, output)
        (idLines, idLineEnds, jsonPrefixes, jsonPrefixEnds) = (other.idLines, other.idLineEnds, other.jsonPrefixes, other.jsonPrefixEnds)
    }

    /// The same writer, writing to `output` (its tables shared, not rebuilt).
    func writing(to output: OutputSink) -> QueryWriter {
        QueryWriter(self, output: output)
    }

    func answer(_ x: Double, _ y: Double) {
        let point = Point(x: x, y: y)
        switch (mode, json) {
        case (.front, false):
            guard let element = engine.elementIndex(at: point, tolerance: tolerance) else { return output.write(Self.missLine) }
            let index = engine.position(of: element)
            let start = index == 0 ? 0 : idLineEnds[index - 1]
            idLines.withUnsafeBytes { output.write(UnsafeRawBufferPointer(rebasing: $0[start..<idLineEnds[index]])) }
        case (.front, true):
            jsonAnswer(x, y)
        case (.all, false):
            let candidates = engine.touchCandidates(at: point, tolerance: tolerance)
            let words = candidates.map { $0.isExactHit ? $0.id : "\($0.id)(\(JSONText.number(JSONText.thousandths($0.distance))))" }
            output.write((words.isEmpty ? "-" : words.joined(separator: " ")) + "\n")
        case (.all, true):
            let exact = engine.allHits(at: point).map { HitJSON.fields($0).json }
            let near = engine.touchCandidates(at: point, tolerance: tolerance).filter { !$0.isExactHit }.map {
                HitJSON.fields($0, path: engine.path(of: $0.element)).json
            }
            var answer = JSONObjectWriter()
            answer.pair("point", (x, y))
            answer.array("hits", exact + near)
            output.write(answer.json + "\n")
        case (.explain, _):
            explainAnswer(point)
        }
    }

    /// The `--json` answer, written piece by piece from the element's precomputed id and path and
    /// a ``HitRecord``: the same text as ``HitJSON/fields(_:)`` gives, without building a ``Hit``.
    private func jsonAnswer(_ x: Double, _ y: Double) {
        output.write(static: "{\"point\":[")
        number(x, ",")
        number(y, "],")
        let record = engine.hitRecord(at: Point(x: x, y: y), tolerance: tolerance)
        guard record.element >= 0 else {
            return output.write(static: "\"id\":null,\"path\":[],\"local\":null,\"pixel\":null,\"alpha\":null,\"distance\":null,\"nearest\":null}\n")
        }
        let index = Int(record.element)
        let start = index == 0 ? 0 : jsonPrefixEnds[index - 1]
        jsonPrefixes.withUnsafeBytes { output.write(UnsafeRawBufferPointer(rebasing: $0[start..<jsonPrefixEnds[index]])) }
        output.write(static: "\"local\":[")
        number(record.localX, ",")
        number(record.localY, "],\"pixel\":")
        if record.pixelX >= 0 {
            output.write(byte: UInt8(ascii: "["))
            output.write(decimal: Int(record.pixelX))
            output.write(byte: UInt8(ascii: ","))
            output.write(decimal: Int(record.pixelY))
            output.write(static: "],\"alpha\":")
            output.write(decimal: Int(record.alpha))
            output.write(static: ",\"distance\":")
        } else {
            output.write(static: "null,\"alpha\":null,\"distance\":")
        }
        number(JSONText.thousandths(record.distance), ",\"nearest\":[")
        number(record.nearestX, ",")
        number(record.nearestY, "]}\n")
    }

    private func number(_ value: Double, _ after: StaticString) {
        JSONText.write(value, to: output)
        output.write(static: after)
    }

    /// `!` (or `{"line": N, "error": …}`): the answer to an input line that is not a point.
    /// Where a malformed point was: its line of standard input, or its place among the arguments.
    enum Place {
        case line(Int)
        case argument(Int)
    }

    func malformed(line: Int, text: String, reason: String = "expected x,y or x y") {
        malformed(at: .line(line), text: text, reason: reason)
    }

    func malformed(at place: Place, text: String, reason: String = "expected x,y or x y") {
        if json {
            let key = switch place {
            case .line(let line): "\"line\":\(line)"
            case .argument(let position): "\"argument\":\(position)"
            }
            output.write("{\(key),\"error\":\(JSONText.string("malformed point '\(text)': \(reason)"))}\n")
        } else if mode == .explain {
            output.write("!: malformed point \(JSONText.string(text))\n")
        } else {
            output.write("!\n")
        }
    }

    /// The verdicts of the elements whose bounds contain the point, and one count for the rest.
    private func explainAnswer(_ point: Point) {
        let explanation = engine.explain(at: point, tolerance: tolerance)
        output.write(json ? explanation.json + "\n" : explanation.text)
    }
}

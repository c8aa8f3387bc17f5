import AlphaHit
import AlphaHitJSON

/// The self-contained page `hittest render --html` writes: the hit map, what decided each of its
/// points, every element with its colour and audit result, all embedded (no network, no external
/// script or font). The page's behaviour is in `InspectorPageTemplate.swift`; the data it reads is
/// made here. What the page shows is described in `Docs/Inspector.md`.
struct InspectorPage {
    let engine: HitTester
    /// CSS pixels per point (the map's `data-scale`).
    let scale: Double
    /// The tolerance of the page's second map (`--tolerance`), or nil for no second map.
    let tolerance: Double?
    let audit: TargetAudit
    let colors: [ElementPalette.Color]
    /// What the page's title names: the layout file.
    let title: String

    /// The pixels per point of the page's audit, as `hittest audit`'s default.
    static let auditScale = 4.0

    /// The page's HTML.
    ///
    /// - Throws: ``CommandFailure`` when the map would be too large or cannot be encoded.
    func html() throws(CommandFailure) -> String {
        let map: HitMap
        do {
            map = try engine.hitMap(scale: scale)
        } catch {
            throw CommandFailure(description: "cannot make the page: \(error)")
        }
        guard map.width > 0, map.height > 0 else {
            throw CommandFailure(description: "\(title): nothing to draw: the layout covers no area")
        }
        var planes = try encodedPlanes(width: map.width, height: map.height, tolerance: nil)
        if let tolerance { planes += try encodedPlanes(width: map.width, height: map.height, tolerance: tolerance) }
        let names = ["owner", "column", "row", "tolerance-owner", "tolerance-column", "tolerance-row"]
        let blocks = zip(names, planes).map { name, png in
            "<script type=\"application/octet-stream\" id=\"plane-\(name)\">\(Base64.encode(png))</script>"
        }
        return InspectorPageTemplate.page(
            title: Self.escapeHTML(title), width: map.width, height: map.height, scale: JSONText.number(scale),
            data: data(width: map.width, height: map.height), planes: blocks.joined(separator: "\n"))
    }

    private func encodedPlanes(width: Int, height: Int, tolerance: Double?) throws(CommandFailure) -> [[UInt8]] {
        do {
            return try InspectorPlanes(engine, width: width, height: height, scale: scale, tolerance: tolerance).encoded()
        } catch {
            throw CommandFailure(description: "cannot encode the page's map: \(error)")
        }
    }

    /// The page's JSON: the map's size and scale, the audit's settings, and every element.
    private func data(width: Int, height: Int) -> String {
        var entries = [TargetAudit.Entry?](repeating: nil, count: engine.elements.count)
        for entry in audit.entries { entries[Int(entry.element.rawValue)] = entry }
        func number(_ value: Double) -> String { JSONText.number(JSONText.thousandths(value)) }
        let elements = engine.elements.map { element in
            let index = Int(element.rawValue)
            let frame = engine.frameCorners(of: element).flatMap { [number($0.x), number($0.y)] }.joined(separator: ",")
            let auditText = entries[index].map { e in
                "{\"owned\":\(number(e.owned)),\"covered\":\(number(e.covered)),\"largestSquare\":\(number(e.largestSquare)),"
                    + "\"pass\":\(e.passes),\"bySpacing\":\(e.passesBySpacing),\"reason\":\(e.reason.map(JSONText.string) ?? "null")}"
            } ?? "null"
            return "{\"id\":\(JSONText.string(engine.id(of: element))),\"parent\":\(engine.parent(of: element).map { Int($0.rawValue) } ?? -1),"
                + "\"color\":\"\(ElementPalette.hex(colors[index]))\",\"frame\":[\(frame)],\"audit\":\(auditText)}"
        }
        let json =
            "{\"width\":\(width),\"height\":\(height),\"scale\":\(JSONText.number(scale)),"
            + "\"tolerance\":\(tolerance.map(JSONText.number) ?? "null"),"
            + "\"audit\":{\"scale\":\(number(audit.scale)),\"minSize\":\(number(audit.minimumSize))},"
            + "\"elements\":[\(elements.joined(separator: ",\n"))]}"
        // Inside a <script> element, "</script" would end it; "<" only ever appears inside strings.
        return json.replacing("<", with: "\\u003c")
    }

    static func escapeHTML(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}

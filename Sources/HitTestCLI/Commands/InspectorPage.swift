import AlphaHit
import AlphaHitJSON
import AlphaHitReports

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
        for entry in audit.entries { entries[engine.position(of: entry.element)] = entry }
        func number(_ value: Double) -> String { JSONText.number(JSONText.thousandths(value)) }
        let elements = engine.elements.map { element in
            let index = engine.position(of: element)
            let frame = engine.frameCorners(of: element).flatMap { [number($0.x), number($0.y)] }
            var object = JSONObjectWriter()
            object.string("id", engine.id(of: element))
            object.integer("parent", engine.parent(of: element).map { engine.position(of: $0) } ?? -1)
            object.string("color", ElementPalette.hex(colors[index]))
            object.array("frame", frame)
            object.object("audit", entries[index]?.json(identified: false))
            return object.json
        }
        var auditFields = JSONObjectWriter()
        auditFields.number("scale", JSONText.thousandths(audit.scale))
        auditFields.number("minSize", JSONText.thousandths(audit.minimumSize))
        var page = JSONObjectWriter()
        page.integer("width", width)
        page.integer("height", height)
        page.number("scale", scale)
        page.number("tolerance", tolerance)
        page.object("audit", auditFields.json)
        // One element a line, so that a page's source can be read.
        page.object("elements", "[" + elements.joined(separator: ",\n") + "]")
        let json = page.json
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

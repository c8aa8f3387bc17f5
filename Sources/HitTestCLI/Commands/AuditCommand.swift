import AlphaHit
import AlphaHitJSON
import AlphaHitReports

/// `hittest audit`: whether each element is big enough to hit, from the pixels it really owns.
enum AuditCommand: Subcommand {
    static let spec = CommandSpec(
        name: "audit",
        abstract: "Check every element's target size against a minimum (WCAG 2.5.8, Apple, Material).",
        discussion: """
            Measured on the hit map at --scale pixels per point (pixel (px, py) samples the point
            ((px + 0.5) / k, (py + 0.5) / k)): each element's owned area, how much of its own region
            others cover, and the largest square of pixels it owns. An element passes when that
            square is at least --min-size points, or by WCAG's spacing exception (Docs/Audit.md).
            Each element that owns a pixel also gets a tap point (the centre of its owned pixel
            farthest from anything it does not own; a query there answers it) and that clearance.
            Prints the failing elements first, then the others; --json prints every audited element
            in layout order. Exit codes: 0 every element passes, 3 some element fails, 1 bad layout,
            2 usage error.
            """,
        arguments: [.init(name: "layout", help: "The layout file (JSON); '-' for standard input.")],
        options: [scale] + TargetSizeOptions.options + [tolerance, json, MapBudget.option] + LayoutLoading.options,
        rules: TargetSizeOptions.rules)

    static let scale = Option(
        "--scale", value: "<k>", help: "Hit-map pixels per point. (default: 4)", expected: MapBudget.scaleExpected, parse: MapBudget.scale)
    static let tolerance = Option(
        "--tolerance", value: "<points>", help: "Resolve the owned pixels with this touch tolerance. (default: the layout's)",
        expected: "a finite number of at least 0", parse: OptionValue.nonNegativeNumber)
    static let json = Flag(
        "--json", help: "Print {\"minSize\", \"scale\", \"elements\": [{\"id\", \"owned\", \"own\", \"covered\", \"largestSquare\", \"pass\", \"bySpacing\", \"reason\", \"tapPoint\", \"clearance\"}]}.")

    /// The exit status when some element fails.
    static let failureStatus: Int32 = 3

    static func run(_ arguments: ParsedArguments, io: CommandIO) throws {
        let size = TargetSizeOptions.minimum(arguments)
        let engine = try LayoutLoading.engine(arguments.positionals[0], arguments, io: io)
        let auditScale = arguments[scale] ?? 4
        let audit: TargetAudit
        do {
            let map = try engine.hitMap(scale: auditScale, tolerance: arguments[tolerance])
            try MapBudget.check([("audit", map)], arguments, remedy: "use a smaller --scale")
            audit = try engine.audit(
                scale: auditScale, tolerance: arguments[tolerance], minimumSize: size, spacingException: TargetSizeOptions.appliesSpacingException(arguments), maximumPixels: .max)
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw CommandFailure(description: "\(error); use a smaller --scale\(engine.canvas == nil ? "; or give the layout a canvas" : "")")
        }
        func number(_ value: Double) -> String { JSONText.number(JSONText.thousandths(value)) }
        if arguments.isSet(json) {
            var object = JSONObjectWriter()
            object.number("minSize", JSONText.thousandths(size))
            object.number("scale", JSONText.thousandths(audit.scale))
            object.array("elements", audit.entries.map { $0.json() })
            io.output.write(object.json + "\n")
        } else {
            let failing = audit.entries.filter { !$0.passes }
            io.output.write("audit at \(number(audit.scale)) pixels per point, minimum \(number(size)) points: \(failing.count) of \(audit.entries.count) fail\n")
            for e in failing + audit.entries.filter(\.passes) {
                var line = "\(e.passes ? "pass" : "FAIL") \(e.id): owns \(number(e.owned)) pt², \(number(e.covered * 100))% covered"
                line += ", largest square \(number(e.largestSquare)) pt"
                if let tap = e.tapPoint, let clearance = e.clearance {
                    line += ", tap point (\(JSONText.number(tap.x)), \(JSONText.number(tap.y))), clearance \(number(clearance)) pt"
                }
                if let reason = e.reason {
                    line += " — \(reason)"
                } else if e.passesBySpacing {
                    line += " — passes by spacing: no other target within the \(number(size))-point circle"
                }
                io.output.write(line + "\n")
            }
        }
        if audit.entries.contains(where: { !$0.passes }) { throw CommandFailure(description: "", status: failureStatus) }
    }
}

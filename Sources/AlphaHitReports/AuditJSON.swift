import AlphaHit
import AlphaHitJSON

/// An audited element in the command line's JSON (`audit --json`, and the inspector page's data):
/// areas in square points and the largest square's side in points, to the thousandth.
/// The one definition of the audit entry object.
extension TargetAudit.Entry {
    /// `{"id", "owned", "own", "covered", "largestSquare", "pass", "bySpacing", "reason",
    /// "tapPoint", "clearance"}` (the tap point `[x, y]` exactly, so that a query there answers
    /// the element; both null when it owns nothing);
    /// without `id` and `own` when `identified` is false (the page keys its entries by element).
    package func json(identified: Bool = true) -> String {
        var object = JSONObjectWriter()
        if identified { object.string("id", id) }
        object.number("owned", JSONText.thousandths(owned))
        if identified { object.number("own", JSONText.thousandths(own)) }
        object.number("covered", JSONText.thousandths(covered))
        object.number("largestSquare", JSONText.thousandths(largestSquare))
        object.bool("pass", passes)
        object.bool("bySpacing", passesBySpacing)
        object.string("reason", reason)
        object.pair("tapPoint", tapPoint.map { ($0.x, $0.y) })
        object.number("clearance", clearance.map(JSONText.thousandths))
        return object.json
    }
}

import AlphaHitBasics
import AlphaHitJSON

extension HitTester {
    /// Why `point` hits what it hits, as the one-line JSON object `hittest query --explain --json`
    /// prints and the C interface's `alphahit_explain` returns: the point, the winner's id, the
    /// verdict of each element whose bounds contain the point (front to back), how many others
    /// were considered, and the touch-tolerance verdicts. Not public API: its shape is the CLI's.
    ///
    /// - Parameter tolerance: the query's touch tolerance (nil: the layout's).
    package func explanationJSON(at point: Point, tolerance: Double?) -> String {
        if !isOnCanvas(point) {
            return "{\"point\":\(JSONText.pair(point.x, point.y)),\"id\":null,\"outsideCanvas\":true,\"explain\":[],\"others\":0}"
        }
        let lines = explanation(at: point)
        let near = touchVerdicts(at: point, tolerance: tolerance)
        let chosen = near.first { $0.outcome == .chosen }?.candidate.id
        let winner = lines.last.flatMap { $0.verdict == .hit ? $0.id : nil } ?? chosen
        let shown = lines.filter(\.boundsContainPoint)
        let verdicts = shown.map { "{\"id\":\(JSONText.string($0.id)),\"verdict\":\(JSONText.string($0.verdict.description))}" }
        let nearVerdicts = near.map { verdict in
            "{\"id\":\(JSONText.string(verdict.candidate.id)),\"distance\":\(JSONText.number(JSONText.thousandths(verdict.candidate.distance))),"
                + "\"tolerance\":\(JSONText.number(verdict.candidate.tolerance)),\"verdict\":\(JSONText.string(verdict.outcome.description))}"
        }
        return "{\"point\":\(JSONText.pair(point.x, point.y)),\"id\":\(winner.map(JSONText.string) ?? "null"),"
            + "\"explain\":[\(verdicts.joined(separator: ","))],\"others\":\(lines.count - shown.count),\"near\":[\(nearVerdicts.joined(separator: ","))]}"
    }
}

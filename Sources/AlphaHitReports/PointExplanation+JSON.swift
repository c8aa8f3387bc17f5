import AlphaHit
import AlphaHitJSON

extension PointExplanation {
    /// The one-line JSON object `hittest query --explain --json` prints and the C interface's
    /// `alphahit_explain` returns: the point, the winner's id, the verdict of each element whose
    /// bounds contain the point (front to back), how many others were considered, and the
    /// touch-tolerance verdicts; `outsideCanvas` instead of the last two off the canvas.
    package var json: String {
        var object = JSONObjectWriter()
        object.pair("point", (point.x, point.y))
        guard !isOutsideCanvas else {
            object.string("id", nil)
            object.bool("outsideCanvas", true)
            object.array("explain", [])
            object.integer("others", 0)
            return object.json
        }
        object.string("id", winner)
        object.array("explain", linesInBounds.map { line in
            var entry = JSONObjectWriter()
            entry.string("id", line.id)
            entry.string("verdict", line.verdict.description)
            return entry.json
        })
        object.integer("others", othersConsidered)
        object.array("near", touchVerdicts.map { verdict in
            var entry = JSONObjectWriter()
            entry.string("id", verdict.candidate.id)
            entry.number("distance", JSONText.thousandths(verdict.candidate.distance))
            entry.number("tolerance", verdict.candidate.tolerance)
            entry.string("verdict", verdict.outcome.description)
            return entry.json
        })
        return object.json
    }

    /// The text `hittest query --explain` prints for the point: the winner, the verdicts of the
    /// elements whose bounds contain the point, the touch-tolerance verdicts and a count of the rest.
    package var text: String {
        let head = "\(JSONText.number(point.x)),\(JSONText.number(point.y))"
        if isOutsideCanvas { return "\(head): - (outside the canvas)\n" }
        let chosen = chosenByTolerance
        var out = "\(head): \(winner ?? "-")\(chosen != nil && winner == chosen ? " (within its touch tolerance)" : "")\n"
        for line in linesInBounds { out += "  \(line.id): \(line.verdict)\n" }
        for verdict in touchVerdicts {
            let candidate = verdict.candidate
            out += "  \(candidate.id): \(JSONText.number(JSONText.thousandths(candidate.distance))) away (tolerance \(JSONText.number(candidate.tolerance))): \(verdict.outcome)\n"
        }
        let others = othersConsidered
        if others > 0 {
            out += "  (\(others) other element\(others == 1 ? "" : "s") considered: the point is outside \(others == 1 ? "its" : "their") bounds)\n"
        }
        return out
    }
}

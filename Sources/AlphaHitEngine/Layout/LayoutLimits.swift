import AlphaHitBasics

extension Layout {
    /// The deepest nesting of elements accepted (top-level elements are at depth 1): deeper trees
    /// are rejected, so that no walk over the tree can exhaust a thread's stack.
    public static let maximumDepth = 256
}

extension LayoutProblem {
    /// The one wording of the depth limit, for whichever reader meets the too-deep level first.
    package static func nestingTooDeep(at path: LayoutPath, line: Int? = nil) -> LayoutProblem {
        LayoutProblem(at: path, "nesting is deeper than \(Layout.maximumDepth) levels, the most AlphaHit accepts", line: line)
    }
}

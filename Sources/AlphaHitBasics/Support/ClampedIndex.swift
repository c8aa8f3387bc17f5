extension Int {
    /// `value` converted to a whole number inside `range`: values beyond it (infinities included)
    /// become its nearest end and NaN its lower end. Where layout-space numbers, which may be as
    /// large as a Double holds, become pixel or cell indices, so that conversion never traps.
    package init(clamping value: Double, to range: ClosedRange<Int>) {
        if !(value > Double(range.lowerBound)) {
            self = range.lowerBound
        } else if value >= Double(range.upperBound) {
            self = range.upperBound
        } else {
            self = Int(value)
        }
    }
}

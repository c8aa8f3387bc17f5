import AlphaHitBasics

/// The seven passes of Adam7 interlacing: which pixels of the full image each pass holds.
struct Adam7Pass: Equatable {
    let xStart: Int
    let yStart: Int
    let xStep: Int
    let yStep: Int

    /// The passes in file order.
    static let passes: [Adam7Pass] = [
        Adam7Pass(xStart: 0, yStart: 0, xStep: 8, yStep: 8),
        Adam7Pass(xStart: 4, yStart: 0, xStep: 8, yStep: 8),
        Adam7Pass(xStart: 0, yStart: 4, xStep: 4, yStep: 8),
        Adam7Pass(xStart: 2, yStart: 0, xStep: 4, yStep: 4),
        Adam7Pass(xStart: 0, yStart: 2, xStep: 2, yStep: 4),
        Adam7Pass(xStart: 1, yStart: 0, xStep: 2, yStep: 2),
        Adam7Pass(xStart: 0, yStart: 1, xStep: 1, yStep: 2),
    ]

    /// Pixels per row of this pass in an image `width` wide (0 when the pass is empty).
    func columns(inWidth width: Int) -> Int {
        width > xStart ? (width - xStart + xStep - 1) / xStep : 0
    }

    /// Rows of this pass in an image `height` tall (0 when the pass is empty).
    func rows(inHeight height: Int) -> Int {
        height > yStart ? (height - yStart + yStep - 1) / yStep : 0
    }
}

import AlphaHit

/// Layouts of any size with the same density: pass-through rows of nine overlapping 32-point
/// buttons (four kinds of art), one in five rotated, one in ten with a stricter threshold.
/// `count` elements in all, containers included; the rows tile a roughly square area.
struct GeneratedLayout {
    let layout: Layout
    let width: Double
    let height: Double

    init(count: Int, images: [String], imageDirectory: String) {
        var random = SeededRandom(state: UInt64(count))
        let rowCount = max(1, count / 10)
        let rowsAcross = max(1, Int((Double(rowCount) / 9).squareRoot().rounded()))
        var rows: [Element] = []
        var made = 0
        for row in 0..<rowCount where made < count {
            let buttons = min(9, count - made - 1)
            made += 1 + buttons
            let children = (0..<buttons).map { column -> Element in
                var button = Element(
                    id: "b\(row)-\(column)", frame: Rect(x: Double(column) * 24, y: 0, width: 32, height: 32),
                    image: images[random.below(images.count)])
                if random.below(5) == 0 { button.transform = ElementTransform(rotationDegrees: Double(random.below(90)) - 45) }
                if random.below(10) == 0 { button.alphaThreshold = 0.5 }
                return button
            }
            let origin = (x: Double(row % rowsAcross) * 216, y: Double(row / rowsAcross) * 24)
            rows.append(Element(id: "row\(row)", frame: Rect(x: origin.x, y: origin.y, width: 224, height: 32), shape: .none, children: children))
        }
        width = Double(min(rowCount, rowsAcross)) * 216 + 8
        height = Double((rowCount + rowsAcross - 1) / rowsAcross) * 24 + 8
        layout = Layout(elements: rows, imageDirectory: imageDirectory)
    }
}

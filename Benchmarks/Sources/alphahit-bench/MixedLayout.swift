import AlphaHit

/// A layout shaped like real screens rather than a grid of equal buttons, on a 4000 × 4000 canvas:
/// 20 full-canvas layers at the back with partly transparent art, 500 panels of 100–1200 points
/// with ring-shaped art (a transparent middle), and 10,000 buttons of 8, 16, 24, 44, 64, 120 and
/// 200 points at random places in front, one in seven rotated. Elements are drawn back to front in
/// that order; every image is stretched to its frame (the general placement path).
struct MixedLayout {
    static let side = 4000.0
    let layout: Layout

    init(fixtures: BenchFixtures) throws {
        let layerArt = try fixtures.file("mixed-layer.png") {
            // Opaque blobs on a transparent sheet: about a third of each layer can be hit.
            try BenchFixtures.art(side: 256, variant: 1) { x, y in
                let cx = (x / 64).rounded(.down) * 64 + 32, cy = (y / 64).rounded(.down) * 64 + 32
                return (x - cx) * (x - cx) + (y - cy) * (y - cy) <= 20 * 20
            }
        }
        let panelArt = try fixtures.file("mixed-panel.png") {
            try BenchFixtures.art(side: 128, variant: 2) { x, y in
                let d = (x - 64) * (x - 64) + (y - 64) * (y - 64)
                return d <= 64 * 64 && d >= 48 * 48
            }
        }
        let buttons = try fixtures.buttonArt()
        var random = SeededRandom(state: 20_261_130)
        var elements: [Element] = []
        for layer in 0..<20 {
            // Each layer's blobs sit elsewhere: shifted by a different fraction of a blob.
            let shift = Double(layer) * 13
            elements.append(Element(
                id: "layer\(layer)", frame: Rect(x: -shift, y: -shift, width: Self.side + shift, height: Self.side + shift),
                image: layerArt, contentMode: .scaleToFill))
        }
        for panel in 0..<500 {
            let width = 100 + random.unit(1100), height = 100 + random.unit(1100)
            elements.append(Element(
                id: "panel\(panel)", frame: Rect(x: random.unit(Self.side - width), y: random.unit(Self.side - height), width: width, height: height),
                image: panelArt, contentMode: .scaleToFill))
        }
        let sizes = [8.0, 16, 24, 44, 64, 120, 200]
        for button in 0..<10_000 {
            let side = sizes[random.below(sizes.count)]
            var element = Element(
                id: "button\(button)", frame: Rect(x: random.unit(Self.side - side), y: random.unit(Self.side - side), width: side, height: side),
                image: buttons[random.below(buttons.count)], contentMode: .scaleToFill)
            if random.below(7) == 0 { element.transform = ElementTransform(rotationDegrees: Double(random.below(90)) - 45) }
            elements.append(element)
        }
        layout = Layout(canvas: Size(width: Self.side, height: Self.side), elements: elements)
    }
}

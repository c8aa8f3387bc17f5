extension EngineBuilder {
    /// The hot-path form of one validated element.
    func compile(_ visit: Visit, image: DecodedImage?) -> CompiledElement {
        let element = visit.element
        let (w, h) = (element.frame.width, element.frame.height)
        var compiled = CompiledElement()
        compiled.parent = visit.parent
        compiled.originX = element.frame.x
        compiled.originY = element.frame.y
        compiled.width = w
        compiled.height = h
        compiled.centreX = w / 2
        compiled.centreY = h / 2
        compiled.clipsToBounds = element.clipsToBounds
        if let transform = element.transform {
            let determinant = transform.determinant
            compiled.hasTransform = true
            compiled.inverseA = transform.d / determinant
            compiled.inverseB = -transform.b / determinant
            compiled.inverseC = -transform.c / determinant
            compiled.inverseD = transform.a / determinant
            compiled.translateX = transform.tx
            compiled.translateY = transform.ty
        }
        switch element.shape {
        case .rect: compiled.shape = .rect
        case .ellipse: compiled.shape = .ellipse
        case .none: compiled.shape = .none
        case .roundedRect(let radius, let corners):
            compiled.shape = .roundedRect
            compiled.cornerRadius = min(radius, w / 2, h / 2)
            compiled.corners = corners.rawValue
        }
        if let image { place(image, of: element, into: &compiled) }
        return compiled
    }

    private func place(_ image: DecodedImage, of element: Element, into compiled: inout CompiledElement) {
        let scale = imageScale(of: element)
        let (w, h) = (element.frame.width, element.frame.height)
        let iw = Double(image.width) / scale, ih = Double(image.height) / scale
        compiled.pixels = image.withUnsafeBytes { UnsafePointer($0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
        compiled.bytesPerRow = image.bytesPerRow
        compiled.pixelWidth = image.width
        compiled.pixelHeight = image.height
        compiled.scale = scale
        compiled.imageWidth = iw
        compiled.imageHeight = ih
        compiled.minAlpha = AlphaThreshold.minAlpha(
            for: element.alphaThreshold ?? layout.defaults.alphaThreshold ?? AlphaThreshold.defaultValue)
        compiled.tiles = element.resizingMode == .tile
        if let caps = element.capInsets {
            compiled.placement = .capInsets
            (compiled.capTop, compiled.capLeft, compiled.capBottom, compiled.capRight) = (caps.top, caps.left, caps.bottom, caps.right)
            return
        }
        let centredX = (w - iw) / 2, centredY = (h - ih) / 2
        let mode = element.contentMode ?? layout.defaults.contentMode ?? .scaleToFill
        switch mode {
        case .scaleToFill where iw == w && ih == h:
            // Stretched to exactly its own size: u = Lx·iw/w is Lx, with no division per point.
            natural(&compiled, 0, 0)
        case .scaleToFill:
            compiled.placement = .scaleToFill
        case .aspectFit, .aspectFill:
            let k = mode == .aspectFit ? min(w / iw, h / ih) : max(w / iw, h / ih)
            compiled.placement = .scaled
            compiled.factor = k
            compiled.offsetX = (w - iw * k) / 2
            compiled.offsetY = (h - ih * k) / 2
        case .center: natural(&compiled, centredX, centredY)
        case .top: natural(&compiled, centredX, 0)
        case .bottom: natural(&compiled, centredX, h - ih)
        case .left: natural(&compiled, 0, centredY)
        case .right: natural(&compiled, w - iw, centredY)
        case .topLeft: natural(&compiled, 0, 0)
        case .topRight: natural(&compiled, w - iw, 0)
        case .bottomLeft: natural(&compiled, 0, h - ih)
        case .bottomRight: natural(&compiled, w - iw, h - ih)
        }
    }

    private func natural(_ compiled: inout CompiledElement, _ offsetX: Double, _ offsetY: Double) {
        compiled.placement = .natural
        compiled.offsetX = offsetX
        compiled.offsetY = offsetY
    }

    /// Stores each element's ancestor chain (root first, itself last) and returns the chains table.
    func linkChains(_ compiled: inout [CompiledElement], visits: [Visit]) -> [Int32] {
        var chains: [Int32] = []
        for index in compiled.indices {
            var chain: [Int32] = [Int32(index)]
            var parent = compiled[index].parent
            while parent >= 0 {
                chain.append(parent)
                parent = compiled[Int(parent)].parent
            }
            compiled[index].chainStart = Int32(chains.count)
            compiled[index].chainLength = Int32(chain.count)
            chains.append(contentsOf: chain.reversed())
        }
        return chains
    }

    /// The layout-space box where element `index` itself can be hit: its bounds carried up through
    /// every transform, cut by every clipping ancestor, padded against rounding. Nil when it can never be hit.
    func boundingBox(of index: Int, compiled: [CompiledElement], chains: [Int32])
        -> (element: Int32, minX: Double, minY: Double, maxX: Double, maxY: Double)?
    {
        let element = compiled[index]
        guard element.shape != .none, element.width > 0, element.height > 0 else { return nil }
        var box = layoutBox(of: index, compiled: compiled, chains: chains)
        let start = Int(element.chainStart)
        for link in start..<start + Int(element.chainLength) - 1 where compiled[Int(chains[link])].clipsToBounds {
            let clip = layoutBox(of: Int(chains[link]), compiled: compiled, chains: chains)
            box = (max(box.0, clip.0), max(box.1, clip.1), min(box.2, clip.2), min(box.3, clip.3))
        }
        guard box.0 <= box.2, box.1 <= box.3 else { return nil }
        let magnitude = [box.0, box.1, box.2, box.3].map(abs).max() ?? 0
        let pad = 1e-9 * (1 + (magnitude.isFinite ? magnitude : 0))
        box = (box.0 - pad, box.1 - pad, box.2 + pad, box.3 + pad)
        return (Int32(index), box.0, box.1, box.2, box.3)
    }

    /// The axis-aligned layout-space box around element `index`'s bounds.
    private func layoutBox(of index: Int, compiled: [CompiledElement], chains: [Int32]) -> (Double, Double, Double, Double) {
        let element = compiled[index]
        var corners = [(0.0, 0.0), (element.width, 0.0), (0.0, element.height), (element.width, element.height)]
        let start = Int(element.chainStart)
        for link in (start..<start + Int(element.chainLength)).reversed() {
            let level = Int(chains[link])
            corners = corners.map { parentPoint(of: level, $0.0, $0.1) }
        }
        let xs = corners.map(\.0), ys = corners.map(\.1)
        return (xs.min()!, ys.min()!, xs.max()!, ys.max()!)
    }

    /// A local point of element `index` in its parent's space: `P = O + C + M·(L − C) + t`.
    private func parentPoint(of index: Int, _ x: Double, _ y: Double) -> (Double, Double) {
        let frame = frames[index]
        guard let m = transforms[index] else { return (frame.x + x, frame.y + y) }
        let cx = frame.width / 2, cy = frame.height / 2
        let dx = x - cx, dy = y - cy
        return (frame.x + cx + (m.a * dx + m.c * dy) + m.tx, frame.y + cy + (m.b * dx + m.d * dy) + m.ty)
    }
}

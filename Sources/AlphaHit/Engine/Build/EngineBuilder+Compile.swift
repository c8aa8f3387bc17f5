extension EngineBuilder {
    /// The hot-path form of one validated element.
    func compile(_ visit: borrowing Visit, image: DecodedImage?) -> CompiledElement {
        let (w, h) = (visit.element.frame.width, visit.element.frame.height)
        var compiled = CompiledElement()
        compiled.parent = visit.parent
        compiled.originX = visit.element.frame.x
        compiled.originY = visit.element.frame.y
        compiled.width = w
        compiled.height = h
        compiled.centreX = w / 2
        compiled.centreY = h / 2
        compiled.clipsToBounds = visit.element.clipsToBounds
        if let transform = visit.element.transform {
            let determinant = transform.determinant
            compiled.hasTransform = true
            compiled.inverseA = transform.d / determinant
            compiled.inverseB = -transform.b / determinant
            compiled.inverseC = -transform.c / determinant
            compiled.inverseD = transform.a / determinant
            compiled.translateX = transform.tx
            compiled.translateY = transform.ty
        }
        switch visit.element.shape {
        case .rect: compiled.shape = .rect
        case .ellipse: compiled.shape = .ellipse
        case .none: compiled.shape = .none
        case .roundedRect(let radius, let corners):
            compiled.shape = .roundedRect
            compiled.cornerRadius = min(radius, w / 2, h / 2)
            compiled.corners = corners.rawValue
        }
        if let image {
            compiled.pixels = image.withUnsafeBytes { UnsafePointer($0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
            compiled.bytesPerRow = image.bytesPerRow
            compiled.placeImage(
                pixelWidth: image.width, pixelHeight: image.height, scale: imageScale(of: visit.element),
                minAlpha: AlphaThreshold.minimumAlpha(for: visit.element.alphaThreshold ?? layout.defaults.alphaThreshold ?? AlphaThreshold.defaultValue),
                // Cap insets always fill the bounds: a layout's default content mode does not apply to them.
                contentMode: visit.element.contentMode ?? layout.defaults.contentMode ?? .scaleToFill,
                capInsets: visit.element.capInsets, tiles: visit.element.resizingMode == .tile)
        }
        return compiled
    }
}

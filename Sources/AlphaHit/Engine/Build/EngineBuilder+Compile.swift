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
        if let image {
            compiled.pixels = image.withUnsafeBytes { UnsafePointer($0.baseAddress!.assumingMemoryBound(to: UInt8.self)) }
            compiled.bytesPerRow = image.bytesPerRow
            compiled.placeImage(
                pixelWidth: image.width, pixelHeight: image.height, scale: imageScale(of: element),
                minAlpha: AlphaThreshold.minimumAlpha(for: element.alphaThreshold ?? layout.defaults.alphaThreshold ?? AlphaThreshold.defaultValue),
                // Cap insets always fill the bounds: a layout's default content mode does not apply to them.
                contentMode: element.contentMode ?? layout.defaults.contentMode ?? .scaleToFill,
                capInsets: element.capInsets, tiles: element.resizingMode == .tile)
        }
        return compiled
    }
}

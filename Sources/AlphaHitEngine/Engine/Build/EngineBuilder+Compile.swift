import AlphaHitBasics
import AlphaHitImages

extension EngineBuilder {
    /// The hot-path form of one validated element.
    ///
    /// - Parameter placed: what the record reads of the element's image (``PlacedImage/placement``), nil for none.
    func compile(_ visit: borrowing Visit, image placed: PlacedImage.Placement?) -> CompiledElement {
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
        // Validation let only invertible transforms through.
        if let transform = visit.element.transform, let inverse = ElementTransform.inverse(a: transform.a, b: transform.b, c: transform.c, d: transform.d) {
            compiled.hasTransform = true
            (compiled.inverseA, compiled.inverseB, compiled.inverseC, compiled.inverseD) = inverse
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
        if let placed {
            compiled.pixels = placed.pixels
            compiled.bytesPerRow = placed.bytesPerRow
            if let frame = placed.frame {
                compiled.isFrame = true
                (compiled.trimX, compiled.trimY, compiled.trimWidth, compiled.trimHeight) = (frame.trimX, frame.trimY, frame.width, frame.height)
                (compiled.frameStrideX, compiled.frameStrideY) = (frame.alongX, frame.alongY)
            }
            compiled.placeImage(
                pixelWidth: placed.pixelWidth, pixelHeight: placed.pixelHeight, scale: imageScale(of: visit.element, placement: placed),
                minAlpha: AlphaThreshold.minimumAlpha(for: visit.element.alphaThreshold ?? layout.defaults.alphaThreshold ?? AlphaThreshold.defaultValue),
                // Cap insets always fill the bounds: a layout's default content mode does not apply to them.
                contentMode: visit.element.contentMode ?? layout.defaults.contentMode ?? .scaleToFill,
                capInsets: visit.element.capInsets, tiles: visit.element.resizingMode == .tile)
        }
        return compiled
    }
}

extension EngineBuilder {
    mutating func validateLayoutLevel() {
        if let canvas = layout.canvas {
            requireSize(canvas.width, "canvas.width")
            requireSize(canvas.height, "canvas.height")
        }
        if let threshold = layout.defaults.alphaThreshold { requireThreshold(threshold, "defaults.alphaThreshold") }
        if let scale = layout.defaults.imageScale { requireScale(scale, "defaults.imageScale") }
    }

    mutating func validate(_ visit: Visit) {
        let element = visit.element, path = visit.path
        if element.id.isEmpty { add(path + ".id", "must be a non-empty string") }
        for (value, key) in [(element.frame.x, "x"), (element.frame.y, "y")] where !value.isFinite {
            add("\(path).frame.\(key)", "must be a finite number")
        }
        requireSize(element.frame.width, path + ".frame.width")
        requireSize(element.frame.height, path + ".frame.height")
        if let scale = element.imageScale { requireScale(scale, path + ".imageScale") }
        if let threshold = element.alphaThreshold { requireThreshold(threshold, path + ".alphaThreshold") }
        if !(element.opacity >= 0 && element.opacity <= 1) { add(path + ".opacity", "must be a number from 0 to 1") }
        if let transform = element.transform {
            if ![transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].allSatisfy(\.isFinite) {
                add(path + ".transform", "must hold finite numbers")
            } else if !transform.isInvertible {
                add(path + ".transform", "is singular (determinant \(transform.determinant)) and cannot be inverted")
            }
        }
        if case .roundedRect(let radius, _) = element.shape, !(radius.isFinite && radius >= 0) {
            add(path + ".shape.radius", "must be a finite number ≥ 0")
        }
        if let caps = element.capInsets {
            for (value, key) in [(caps.top, "top"), (caps.left, "left"), (caps.bottom, "bottom"), (caps.right, "right")]
            where !(value.isFinite && value >= 0) {
                add("\(path).capInsets.\(key)", "must be a finite number ≥ 0")
            }
            if element.image == nil { add(path + ".capInsets", "needs an image to stretch") }
            if let mode = element.contentMode, mode != .scaleToFill {
                add(path + ".contentMode", "must be scaleToFill (or absent) when capInsets are set, not \(mode.rawValue)")
            }
        }
    }

    mutating func validateUniqueIDs(_ visits: [Visit]) {
        var firstPath: [String: String] = [:]
        for visit in visits where !visit.element.id.isEmpty {
            if let first = firstPath[visit.element.id] {
                add(visit.path + ".id", "duplicate id \"\(visit.element.id)\", already used at \(first)")
            } else {
                firstPath[visit.element.id] = visit.path
            }
        }
    }

    /// Decodes every element's image (alpha8, through the cache), checking cap insets against its size.
    mutating func loadImages(_ visits: [Visit]) -> [DecodedImage?] {
        var loaded: [String: DecodedImage] = [:]
        return visits.map { visit -> DecodedImage? in
            guard let name = visit.element.image else { return nil }
            let path = resolve(name)
            let image: DecodedImage
            if let cached = loaded[path] {
                image = cached
            } else {
                do throws(PNGDecodingError) {
                    image = try cache.image(contentsOfFile: path, as: .alpha8)
                } catch {
                    add(visit.path + ".image", error.description)
                    return nil
                }
                loaded[path] = image
            }
            if let caps = visit.element.capInsets {
                let scale = imageScale(of: visit.element)
                let width = Double(image.width) / scale, height = Double(image.height) / scale
                if !(caps.left + caps.right < width) {
                    add(visit.path + ".capInsets", "left + right (\(caps.left + caps.right)) must be less than the image width of \(width) points")
                }
                if !(caps.top + caps.bottom < height) {
                    add(visit.path + ".capInsets", "top + bottom (\(caps.top + caps.bottom)) must be less than the image height of \(height) points")
                }
            }
            return image
        }
    }

    /// An absolute path as given; a relative one under the layout's image directory.
    func resolve(_ name: String) -> String {
        guard !name.hasPrefix("/"), let directory = layout.imageDirectory, !directory.isEmpty else { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// Explicit scale, else @2x/@3x in the file name, else the layout default, else 1.
    func imageScale(of element: Element) -> Double {
        element.imageScale ?? element.image.flatMap(ImageScale.inferred(fromPath:)) ?? layout.defaults.imageScale ?? 1
    }

    private mutating func requireSize(_ value: Double, _ path: String) {
        if !(value.isFinite && value >= 0) { add(path, "must be a finite number ≥ 0") }
    }

    private mutating func requireScale(_ value: Double, _ path: String) {
        if !(value.isFinite && value > 0) { add(path, "must be a finite number > 0") }
    }

    private mutating func requireThreshold(_ value: Double, _ path: String) {
        if !(value >= 0 && value <= 1) { add(path, "must be a number from 0 to 1") }
    }

    mutating func add(_ path: String, _ message: String) {
        issues.append(LayoutIssue(path: path, message: message))
    }
}

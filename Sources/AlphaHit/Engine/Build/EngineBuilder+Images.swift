extension EngineBuilder {
    /// Decodes every element's image (alpha8, through the cache), checking cap insets against its size.
    mutating func loadImages(_ visits: UnsafeBufferPointer<Visit>) -> [DecodedImage?] {
        // By the name the layout gives, so that thousands of elements sharing an image cost one
        // dictionary lookup each (a failed image is looked up again, to report each element).
        var loaded: [String: DecodedImage] = [:]
        // Neighbours often share an image: the last one found is checked first.
        var last: (name: String, image: DecodedImage)?
        return visits.indices.map { index -> DecodedImage? in
            guard let name = visits[index].element.image else { return nil }
            let image: DecodedImage
            if let last, last.name == name {
                image = last.image
            } else if let cached = loaded[name] {
                image = cached
                last = (name, image)
            } else {
                let path = resolve(name)
                do throws(PNGDecodingError) {
                    image = try cache.image(contentsOfFile: path, as: .alpha8)
                } catch {
                    add(placement.path(of: index)["image"], error.description)
                    return nil
                }
                loaded[name] = image
                last = (name, image)
            }
            if let caps = visits[index].element.capInsets {
                let scale = imageScale(of: visits[index].element)
                let width = Double(image.width) / scale, height = Double(image.height) / scale
                if !(caps.left + caps.right < width) {
                    add(placement.path(of: index)["capInsets"], "left + right (\(caps.left + caps.right)) must be less than the image width of \(width) points")
                }
                if !(caps.top + caps.bottom < height) {
                    add(placement.path(of: index)["capInsets"], "top + bottom (\(caps.top + caps.bottom)) must be less than the image height of \(height) points")
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
    func imageScale(of element: borrowing Element) -> Double {
        element.imageScale ?? element.image.flatMap(ImageScale.inferred(fromPath:)) ?? layout.defaults.imageScale ?? 1
    }
}

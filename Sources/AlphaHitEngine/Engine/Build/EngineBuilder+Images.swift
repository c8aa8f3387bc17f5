import AlphaHitAtlas
import AlphaHitBasics
import AlphaHitImages

extension EngineBuilder {
    /// Decodes every element's images, its states' included (alpha8, through the cache: each file
    /// and sheet once), reading atlases as needed, and checks frames, regions and cap insets against
    /// every one. Returns, per element, the image of its current state.
    mutating func loadImages(_ visits: UnsafeBufferPointer<Visit>) -> [PlacedImage?] {
        var loader = SourceLoader()
        loader.preloaded = preloaded
        defer { loadedSources = loader.loaded }
        // The element is read in place (`visits[index].element`, never bound to a name): a copy of
        // each element is a good part of the cost of a large layout.
        return visits.indices.map { index -> PlacedImage? in
            var placed: PlacedImage?
            if let source = visits[index].element.imageSource {
                placed = load(request(source, of: visits[index].element), at: index, key: nil, &loader)
                if let placed { checkCaps(of: visits[index].element, placed, at: index, state: nil) }
            }
            if visits[index].element.states.isEmpty { return placed }
            // Every state's image is loaded and checked, whichever the element is in (and whether
            // its own image could be read: each problem is reported).
            return loadStates(of: visits[index].element, at: index, active: placed, &loader)
        }
    }

    /// What one build has loaded, by the source the layout gives, so that thousands of elements
    /// sharing an image cost one dictionary lookup each (a failed image is looked up again, to
    /// report each element).
    struct SourceLoader {
        var loaded: [ImageRequest: PlacedImage] = [:]
        /// What a scene has read before (``EngineBuilder/preloaded``).
        var preloaded: [ImageRequest: PlacedImage] = [:]
        var atlases: [String: Result<Atlas, AtlasError>] = [:]
        // Neighbours often share an image: the last one found is checked first.
        var last: (request: ImageRequest, image: PlacedImage)?
    }

    /// Loads every state's image of `element`, keeping each alive in the engine (so that a state
    /// switch decodes nothing), and returns the image of its current state (`active` when that
    /// is the normal one, or a state without its own image).
    private mutating func loadStates(of element: borrowing Element, at index: Int, active: PlacedImage?, _ loader: inout SourceLoader) -> PlacedImage? {
        var current = active
        for name in element.states.keys.sorted() {
            guard let placed = load(request(element.states[name]!, of: element), at: index, key: name, &loader) else { continue }
            checkCaps(of: element, placed, at: index, state: name)
            stateImages.append(placed.image)
            if name == element.state { current = placed }
        }
        return current
    }

    /// One source's image, or nil after reporting why not at `image` (or at `states.<key>`).
    private mutating func load(_ request: ImageRequest, at index: Int, key: String?, _ loader: inout SourceLoader) -> PlacedImage? {
        if let last = loader.last, last.request == request { return last.image }
        if let cached = loader.loaded[request] {
            loader.last = (request, cached)
            return cached
        }
        let placed: PlacedImage
        do throws(ImageLoadingError) {
            if let known = loader.preloaded[request] { placed = known } else { placed = try place(request, atlases: &loader.atlases) }
        } catch {
            add(key.map { placement.path(of: index)["states"][$0] } ?? placement.path(of: index)["image"], error.description)
            return nil
        }
        loader.loaded[request] = placed
        loader.last = (request, placed)
        inputFiles.insert(placed.file)
        if let atlas = placed.atlas { inputFiles.insert(atlas) }
        return placed
    }

    /// Cap insets must leave a middle in every image the element may show.
    private mutating func checkCaps(of element: borrowing Element, _ placed: PlacedImage, at index: Int, state: String?) {
        guard let caps = element.capInsets else { return }
        let scale = imageScale(of: element, placement: placed.placement)
        let width = Double(placed.pixelWidth) / scale, height = Double(placed.pixelHeight) / scale
        let whose = state.map { " of state \"\($0)\"" } ?? ""
        if !(caps.left + caps.right < width) {
            add(placement.path(of: index)["capInsets"], "left + right (\(caps.left + caps.right)) must be less than the image width\(whose) of \(width) points")
        }
        if !(caps.top + caps.bottom < height) {
            add(placement.path(of: index)["capInsets"], "top + bottom (\(caps.top + caps.bottom)) must be less than the image height\(whose) of \(height) points")
        }
    }

    /// A problem with an element's image: the decoder's, or the atlas's.
    private enum ImageLoadingError: Error, CustomStringConvertible {
        case decoding(ImageDecodingError)
        case atlas(AtlasError)
        case outside(String)

        var description: String {
            switch self {
            case .decoding(let error): error.description
            case .atlas(let error): error.description
            case .outside(let message): message
            }
        }
    }

    /// Loads a source's image: an image file, a region of one, or an atlas frame (reading the atlas
    /// once). An SVG file is drawn at the request's scale, an atlas's SVG sheet at 1.
    private func place(_ request: ImageRequest, atlases: inout [String: Result<Atlas, AtlasError>]) throws(ImageLoadingError) -> PlacedImage {
        func decode(_ path: String) throws(ImageLoadingError) -> DecodedImage {
            do throws(ImageDecodingError) {
                return try cache.image(contentsOfFile: path, as: .alpha8, scale: request.vectorScale)
            } catch {
                throw .decoding(error)
            }
        }
        switch request.source {
        case .file(let name):
            let path = resolve(name)
            return PlacedImage(image: try decode(path), frame: nil, file: path)
        case .region(let name, let x, let y, let width, let height):
            let path = resolve(name)
            let image = try decode(path)
            guard x + width <= image.width, y + height <= image.height else {
                throw .outside("the rect (\(x), \(y), \(width) x \(height)) reaches outside \(name), which is \(image.width) x \(image.height) pixels")
            }
            let frame = AtlasFrame(
                name: name, index: -1, sheet: name, sheetX: x, sheetY: y, width: width, height: height, rotation: .none,
                trimX: 0, trimY: 0, sourceWidth: width, sourceHeight: height, scale: nil, line: 0)
            return PlacedImage(image: image, frame: frame, file: path)
        case .atlasFrame(let atlasName, let frameName, let index):
            let path = resolve(atlasName)
            if atlases[path] == nil {
                do throws(AtlasError) {
                    atlases[path] = .success(try Atlas(contentsOfFile: path))
                } catch {
                    atlases[path] = .failure(error)
                }
            }
            let frame: AtlasFrame
            do throws(AtlasError) {
                frame = try atlases[path]!.get().frame(named: frameName, index: index)
                // Before anything the size of the frame is allocated or looped over.
                try frame.checkSize(against: cache.decoder.limits, file: path)
            } catch {
                throw .atlas(error)
            }
            let sheet = frame.sheet.hasPrefix("/") ? frame.sheet : FilePaths.folder(of: path) + "/" + frame.sheet
            let image = try decode(sheet)
            guard frame.fits(sheetWidth: image.width, height: image.height) else {
                throw .atlas(.frameOutsideSheet(file: path, line: frame.line, name: frame.name, sheetWidth: image.width, sheetHeight: image.height))
            }
            return PlacedImage(image: image, frame: frame, file: sheet, atlas: path)
        }
    }

    /// An absolute path as given; a relative one under the layout's image directory.
    func resolve(_ name: String) -> String {
        guard !name.hasPrefix("/"), let directory = layout.imageDirectory, !directory.isEmpty else { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// What `element` asks of `source` in this layout.
    func request(_ source: ImageSource, of element: borrowing Element) -> ImageRequest {
        ImageRequest(source, of: element, defaultScale: layout.defaults.imageScale)
    }

    /// Explicit scale, else @2x/@3x in the (sheet's) file name, else the atlas's own scale, else the
    /// layout default, else 1.
    func imageScale(of element: borrowing Element, placement: PlacedImage.Placement) -> Double {
        element.imageScale ?? placement.impliedScale ?? layout.defaults.imageScale ?? 1
    }
}

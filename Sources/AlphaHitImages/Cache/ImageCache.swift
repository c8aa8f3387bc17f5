import AlphaHitBasics

/// A thread-safe cache of decoded images with a byte budget and least-recently-used eviction.
///
/// Images are keyed by the file's canonical path, its identity on disk (device, inode,
/// size, modification time: an edited file is decoded again), the requested
/// ``PixelFormat`` (including `minAlpha` for masks) and, for SVG documents only, the scale
/// they are drawn at (a raster file is one entry whatever scale is asked for). Elements that share an image file
/// share one buffer. Two threads asking for the same missing image decode it once;
/// a failed decode is reported to every caller waiting on it and is not cached.
///
/// Images are values: one handed out stays valid after the cache evicts it.
/// An image larger than the whole budget is returned but not kept.
public final class ImageCache: Sendable {
    /// The process-wide cache, with the default budget and limits.
    public static let shared = ImageCache()

    /// The most bytes of pixel data the cache keeps.
    public let byteBudget: Int
    /// The decoder every image is read with.
    public let decoder: ImageDecoder

    struct Key: Hashable {
        let path: String
        let format: PixelFormat
        /// The scale an SVG is drawn at; nil for raster images, which have one size.
        let vectorScale: Double?
    }

    struct Entry {
        let image: DecodedImage
        let identity: FileIdentity
        var lastUse: UInt64
    }

    struct State {
        var entries: [Key: Entry] = [:]
        /// Whether the version of each file last read is an SVG (whose scale is part of its key),
        /// so that a hit reads nothing of the file but its status: one entry a path.
        var kinds: [String: (identity: FileIdentity, isVector: Bool)] = [:]
        var loading: [Key: InFlightLoad] = [:]
        var clock: UInt64 = 0
        var statistics = Statistics()
    }

    let state = Locked(State())

    /// Creates a cache.
    ///
    /// - Parameters:
    ///   - byteBudget: bytes of decoded pixels to keep, at least 0 (default 256 MiB).
    ///   - limits: limits every decoded image must respect (default ``DecodingLimits/default``).
    public init(byteBudget: Int = 256 << 20, limits: DecodingLimits = .default) {
        self.byteBudget = max(0, byteBudget)
        self.decoder = ImageDecoder(limits: limits)
    }

    /// The image at `path` decoded as `format` (an SVG drawn at `scale` pixels per point), from
    /// the cache when the file has not changed.
    ///
    /// - Throws: ``ImageDecodingError``, as ``ImageDecoder/decode(contentsOfFile:as:scale:)`` does
    ///   (the error names the file's canonical path once the file was found).
    public func image(contentsOfFile path: String, as format: PixelFormat, scale: Double = 1) throws(ImageDecodingError) -> DecodedImage {
        guard scale.isFinite, scale > 0 else { throw .invalidScale(source: path, scale: scale) }
        let identity = try FileIdentity(path: path)
        let rasterKey = Key(path: identity.canonicalPath, format: format, vectorScale: nil)

        enum Plan {
            case cached(DecodedImage)
            case wait(InFlightLoad)
            case load(InFlightLoad, Key)
            /// The file's kind is not known for this version: read its first bytes, then plan again
            /// (once: the second plan has what was read).
            case sniff
        }
        // A raster file's hit is one lookup, as before SVGs had a scale; an SVG's takes a second.
        var sniffed: Bool?
        var plan = Plan.sniff
        while case .sniff = plan {
            if let sniffed { state.withLock { $0.kinds[identity.canonicalPath] = (identity, sniffed) } }
            plan = state.withLock { state -> Plan in
                state.clock += 1
                if let entry = state.entries[rasterKey], entry.identity == identity {
                    state.entries[rasterKey]!.lastUse = state.clock
                    state.statistics.hits += 1
                    return .cached(entry.image)
                }
                // What this call read itself stands when another call has since recorded another version.
                let known = state.kinds[identity.canonicalPath].flatMap { $0.identity == identity ? $0.isVector : nil }
                guard let isVector = known ?? sniffed else { return .sniff }
                let key = isVector ? Key(path: identity.canonicalPath, format: format, vectorScale: scale) : rasterKey
                if let entry = state.entries[key] {
                    if entry.identity == identity {
                        state.entries[key]!.lastUse = state.clock
                        state.statistics.hits += 1
                        return .cached(entry.image)
                    }
                    state.remove(key)
                }
                if let pending = state.loading[key], pending.identity == identity {
                    state.statistics.hits += 1
                    return .wait(pending)
                }
                let load = InFlightLoad(identity: identity)
                state.loading[key] = load
                state.statistics.misses += 1
                return .load(load, key)
            }
            if case .sniff = plan { sniffed = ImageContent(contentsOfFile: identity.canonicalPath) == .svg }
        }

        switch plan {
        case .cached(let image):
            return image
        case .wait(let load):
            return try load.wait().get()
        case .sniff:
            preconditionFailure("planned again until the kind is known")
        case .load(let load, let key):
            let outcome = Result { () throws(ImageDecodingError) in
                try decoder.decode(contentsOfFile: identity.canonicalPath, as: format, scale: scale)
            }
            state.withLock { state in
                if state.loading[key] === load { state.loading[key] = nil }
                switch outcome {
                case .success(let image): state.insert(image, identity: identity, key: key, budget: byteBudget)
                case .failure: state.statistics.failures += 1
                }
            }
            load.complete(outcome)
            return try outcome.get()
        }
    }

    /// Counters since the cache was created, and what it holds now.
    public var statistics: Statistics {
        state.withLock { $0.statistics }
    }

    /// Drops every cached image (images already handed out stay valid).
    public func removeAll() {
        state.withLock { state in
            for key in Array(state.entries.keys) { state.remove(key) }
            state.kinds.removeAll()
        }
    }
}

extension ImageCache.State {
    mutating func remove(_ key: ImageCache.Key) {
        guard let entry = entries.removeValue(forKey: key) else { return }
        statistics.bytesHeld -= entry.image.byteCount
        statistics.imageCount -= 1
    }

    /// Keeps `image` and evicts the least recently used others until the budget holds.
    mutating func insert(_ image: DecodedImage, identity: FileIdentity, key: ImageCache.Key, budget: Int) {
        remove(key)
        guard image.byteCount <= budget else { return }
        // A linear scan per eviction: evictions follow a decode, which costs far more.
        while statistics.bytesHeld + image.byteCount > budget,
            let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
        {
            remove(oldest)
            statistics.evictions += 1
        }
        entries[key] = ImageCache.Entry(image: image, identity: identity, lastUse: clock)
        statistics.bytesHeld += image.byteCount
        statistics.imageCount += 1
    }
}

import AlphaHitBasics

/// A sprite atlas: the frames its description lists, read from TexturePacker or Aseprite JSON,
/// Starling/Sparrow XML, or libGDX/Spine `.atlas` text (recognised by content, not by name).
/// The conventions of each format are in `Docs/Atlases.md`.
public struct Atlas: Hashable, Sendable {
    /// The atlas file's path, as given.
    public var file: String
    /// Every frame, in file order.
    public var frames: [AtlasFrame]

    /// The format of an atlas description.
    public enum Format: String, Hashable, Sendable {
        case texturePackerJSON = "TexturePacker JSON"
        case starlingXML = "Starling XML"
        case libGDX = "libGDX atlas"
    }

    /// Reads and parses the atlas at `path`.
    ///
    /// - Throws: ``AtlasError``: an unreadable file, or a malformed description (with its line).
    public init(contentsOfFile path: String) throws(AtlasError) {
        let bytes: [UInt8]
        do {
            bytes = try Platform.readFile(path, maximumSize: Platform.maximumTextFileSize)
        } catch {
            throw .unreadable(file: path, reason: error.description)
        }
        try self.init(bytes: bytes, name: path)
    }

    /// Parses an atlas description held in memory; `name` stands for the file in messages.
    ///
    /// - Throws: ``AtlasError/malformed(file:line:message:)``.
    public init(bytes: [UInt8], name: String) throws(AtlasError) {
        file = name
        switch Self.format(of: bytes) {
        case .texturePackerJSON: frames = try TexturePackerParser.frames(bytes, file: name)
        case .starlingXML: frames = try StarlingParser.frames(bytes, file: name)
        case .libGDX: frames = try LibGDXParser.frames(bytes, file: name)
        }
    }

    /// The format a description is in, from its first character: `{` JSON, `<` XML, else libGDX text.
    static func format(of bytes: [UInt8]) -> Format {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        for byte in bytes[start...] {
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case UInt8(ascii: "{"): return .texturePackerJSON
            case UInt8(ascii: "<"): return .starlingXML
            default: return .libGDX
            }
        }
        return .libGDX
    }

    /// The frame named `name` (with `index`, for libGDX regions that share a name).
    ///
    /// Without an index: the region with index -1, or the only one with that name.
    /// - Throws: ``AtlasError/unknownFrame(file:name:suggestions:)`` (with the closest names) or
    ///   ``AtlasError/ambiguousFrame(file:name:indices:)``.
    public func frame(named name: String, index: Int? = nil) throws(AtlasError) -> AtlasFrame {
        let named = frames.filter { $0.name == name }
        guard !named.isEmpty else {
            let names = Array(Set(frames.map(\.name))).sorted()
            throw .unknownFrame(file: file, name: name, suggestions: Suggestion.closest(to: name, in: names).map { [$0] } ?? [])
        }
        if let index {
            guard let frame = named.first(where: { $0.index == index }) else { throw .ambiguousFrame(file: file, name: name, indices: named.map(\.index)) }
            return frame
        }
        if named.count == 1 { return named[0] }
        if let unindexed = named.first(where: { $0.index == -1 }) { return unindexed }
        throw .ambiguousFrame(file: file, name: name, indices: named.map(\.index))
    }
}

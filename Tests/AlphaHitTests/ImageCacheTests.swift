@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitImages
import Dispatch
import Foundation
import Testing

/// The image cache: sharing, invalidation, budget and eviction, single flight, failures.
@Suite("Image cache")
struct ImageCacheTests {
    /// Writes a `side` x `side` RGBA image whose every alpha is `alpha`, and returns its path.
    static func writeImage(in folder: URL, name: String, side: Int = 16, alpha: UInt8 = 200) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Fixtures.write(Fixtures.rgbaPNG(width: side, height: side) { x, _ in (UInt8(x & 255), 0, 0, alpha) }, to: path)
        return path
    }

    static func baseAddress(_ image: DecodedImage) -> UnsafeRawPointer? {
        image.withUnsafeBytes { $0.baseAddress }
    }

    @Test("a second request for the same file and format is a hit that shares the same buffer")
    func hitSharesBuffer() throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = try Self.writeImage(in: folder, name: "a.png")
        let cache = ImageCache()
        let first = try cache.image(contentsOfFile: path, as: .alpha8)
        let second = try cache.image(contentsOfFile: path, as: .alpha8)
        #expect(Self.baseAddress(first) == Self.baseAddress(second))
        let statistics = cache.statistics
        #expect((statistics.hits, statistics.misses, statistics.imageCount, statistics.bytesHeld) == (1, 1, 1, 256))
    }

    @Test("different paths to the same file share one entry")
    func canonicalPaths() throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = try Self.writeImage(in: folder, name: "a.png")
        let link = folder.appendingPathComponent("link.png").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        let cache = ImageCache()
        let direct = try cache.image(contentsOfFile: path, as: .alpha8)
        let viaDots = try cache.image(contentsOfFile: folder.path + "/./../" + folder.lastPathComponent + "/a.png", as: .alpha8)
        let viaLink = try cache.image(contentsOfFile: link, as: .alpha8)
        #expect(Self.baseAddress(direct) == Self.baseAddress(viaDots))
        #expect(Self.baseAddress(direct) == Self.baseAddress(viaLink))
        #expect(cache.statistics.misses == 1)
    }

    @Test("each format, and each minAlpha of mask1, is cached separately")
    func formatsAreSeparate() throws {
        let path = try Self.writeImage(in: Fixtures.temporaryDirectory(), name: "a.png")
        let cache = ImageCache()
        let formats: [PixelFormat] = [.alpha8, .premultipliedARGB8, .mask1(minAlpha: 26), .mask1(minAlpha: 201)]
        for format in formats { _ = try cache.image(contentsOfFile: path, as: format) }
        for format in formats { _ = try cache.image(contentsOfFile: path, as: format) }
        #expect((cache.statistics.misses, cache.statistics.hits, cache.statistics.imageCount) == (4, 4, 4))
        // Alpha 200 is below 201: that mask is empty, the other is full.
        #expect(try cache.image(contentsOfFile: path, as: .mask1(minAlpha: 201)).alpha(atX: 3, y: 3) == 0)
        #expect(try cache.image(contentsOfFile: path, as: .mask1(minAlpha: 26)).alpha(atX: 3, y: 3) == 255)
    }

    @Test("an edited file is decoded again")
    func invalidation() throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = try Self.writeImage(in: folder, name: "a.png", alpha: 10)
        let cache = ImageCache()
        #expect(try cache.image(contentsOfFile: path, as: .alpha8).alpha(atX: 0, y: 0) == 10)
        _ = try Self.writeImage(in: folder, name: "a.png", side: 17, alpha: 99)
        let edited = try cache.image(contentsOfFile: path, as: .alpha8)
        #expect((edited.width, edited.alpha(atX: 0, y: 0)) == (17, 99))
        // Same size, new contents and modification time.
        _ = try Self.writeImage(in: folder, name: "a.png", side: 17, alpha: 98)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: path)
        #expect(try cache.image(contentsOfFile: path, as: .alpha8).alpha(atX: 0, y: 0) == 98)
        #expect((cache.statistics.misses, cache.statistics.imageCount) == (3, 1))
    }

    @Test("least recently used images are evicted to keep within the byte budget")
    func lruEviction() throws {
        let folder = try Fixtures.temporaryDirectory()
        let paths = try ["a", "b", "c"].map { try Self.writeImage(in: folder, name: "\($0).png") }  // 256 bytes each as alpha8
        let cache = ImageCache(byteBudget: 600)
        _ = try cache.image(contentsOfFile: paths[0], as: .alpha8)
        _ = try cache.image(contentsOfFile: paths[1], as: .alpha8)
        _ = try cache.image(contentsOfFile: paths[0], as: .alpha8)  // a is now more recent than b
        _ = try cache.image(contentsOfFile: paths[2], as: .alpha8)  // over budget: b goes
        var statistics = cache.statistics
        #expect((statistics.evictions, statistics.bytesHeld, statistics.imageCount) == (1, 512, 2))
        _ = try cache.image(contentsOfFile: paths[0], as: .alpha8)
        _ = try cache.image(contentsOfFile: paths[2], as: .alpha8)
        statistics = cache.statistics
        #expect((statistics.hits, statistics.misses) == (3, 3), "a and c stayed")
        _ = try cache.image(contentsOfFile: paths[1], as: .alpha8)
        #expect(cache.statistics.misses == 4, "b was evicted and is decoded again")
        #expect(cache.statistics.bytesHeld <= 600)
    }

    @Test("an image larger than the whole budget is returned but not kept")
    func oversizedImage() throws {
        let path = try Self.writeImage(in: Fixtures.temporaryDirectory(), name: "a.png")
        let cache = ImageCache(byteBudget: 100)
        let image = try cache.image(contentsOfFile: path, as: .alpha8)
        #expect(image.alpha(atX: 1, y: 1) == 200)
        #expect((cache.statistics.imageCount, cache.statistics.bytesHeld) == (0, 0))
    }

    @Test("an image handed out stays valid after the cache evicts it")
    func evictedImageStaysValid() throws {
        let folder = try Fixtures.temporaryDirectory()
        let first = try Self.writeImage(in: folder, name: "a.png", alpha: 77)
        let second = try Self.writeImage(in: folder, name: "b.png", alpha: 88)
        let cache = ImageCache(byteBudget: 300)
        let held = try cache.image(contentsOfFile: first, as: .alpha8)
        _ = try cache.image(contentsOfFile: second, as: .alpha8)
        cache.removeAll()
        #expect(cache.statistics.evictions == 1)
        #expect(cache.statistics.imageCount == 0)
        for y in 0..<16 { for x in 0..<16 { #expect(held.alpha(atX: x, y: y) == 77) } }
    }

    @Test("concurrent requests for one missing image decode it once and share the result")
    func singleFlight() throws {
        let path = try Self.writeImage(in: Fixtures.temporaryDirectory(), name: "big.png", side: 1024)
        let cache = ImageCache()
        let threads = 16
        let addresses = Locked<[UInt]>([])
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            let image = try? cache.image(contentsOfFile: path, as: .premultipliedARGB8)
            let address = image.flatMap { Self.baseAddress($0) }.map { UInt(bitPattern: $0) } ?? 0
            addresses.withLock { $0.append(address) }
        }
        let seen = addresses.withLock { $0 }
        #expect(seen.count == threads)
        #expect(Set(seen).count == 1 && !seen.contains(0))
        #expect((cache.statistics.misses, cache.statistics.hits) == (1, threads - 1))
    }

    @Test("a failed decode is not cached: the next request tries again")
    func failuresNotCached() throws {
        let folder = try Fixtures.temporaryDirectory()
        let path = folder.appendingPathComponent("a.png").path
        try Fixtures.write(Array("not a png".utf8), to: path)
        let cache = ImageCache()
        #expect(throws: ImageDecodingError.self) { try cache.image(contentsOfFile: path, as: .alpha8) }
        #expect(throws: ImageDecodingError.self) { try cache.image(contentsOfFile: path, as: .alpha8) }
        #expect((cache.statistics.failures, cache.statistics.misses, cache.statistics.imageCount) == (2, 2, 0))
        _ = try Self.writeImage(in: folder, name: "a.png", alpha: 5)
        #expect(try cache.image(contentsOfFile: path, as: .alpha8).alpha(atX: 0, y: 0) == 5)
    }

    @Test("concurrent requests for a corrupt image all get the typed error")
    func concurrentFailures() throws {
        let path = try Fixtures.temporaryDirectory().appendingPathComponent("bad.png").path
        try Fixtures.write(PNGChunks.signature + [0, 0, 0, 13], to: path)
        let cache = ImageCache()
        let errors = Locked<[ImageDecodingError?]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            var caught: ImageDecodingError?
            do throws(ImageDecodingError) { _ = try cache.image(contentsOfFile: path, as: .alpha8) } catch { caught = error }
            errors.withLock { $0.append(caught) }
        }
        let all = errors.withLock { $0 }
        #expect(all.count == 8)
        for error in all {
            guard case .incompleteHeader = error else { Issue.record("got \(String(describing: error))"); continue }
        }
        #expect(cache.statistics.imageCount == 0)
    }
}

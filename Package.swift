// swift-tools-version:6.0
import PackageDescription

/// The folder of this manifest, for the one linker flag that names a file.
let packageRoot = String(#filePath.dropLast("/Package.swift".count))

let package = Package(
    name: "AlphaHit",
    products: [
        .library(name: "AlphaHit", targets: ["AlphaHit"]),
        .executable(name: "hittest", targets: ["hittest"]),
        // The C interface (Sources/AlphaHitC/include/alphahit.h): .build/release/libAlphaHitC.so.
        .library(name: "AlphaHitC", type: .dynamic, targets: ["AlphaHitC"]),
        .executable(name: "alphahit-bench", targets: ["alphahit-bench"]),
    ],
    targets: [
        // libpng itself, found through pkg-config (Debian: libpng-dev).
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // The only code that calls png_* functions. It keeps libpng's setjmp/longjmp
        // error handling inside C, because Swift frames cannot be unwound by longjmp.
        .target(
            name: "CAlphaHitPNG",
            dependencies: ["CLibPNG"]
        ),
        // libwebp (Debian: libwebp-dev): plain C with status codes, called from one Swift file
        // (AlphaHitImages/Decoding/WebP/LibWebPReader.swift).
        .systemLibrary(
            name: "CLibWebP",
            pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"])]
        ),
        // librsvg with cairo and GLib (Debian: librsvg2-dev), for SVG art.
        .systemLibrary(
            name: "CLibRSVG",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"])]
        ),
        // The only code that calls rsvg_*, cairo_* and g_* functions: GObject handles and GError
        // stay in C, and Swift sees plain status codes, sizes and a message buffer.
        .target(
            name: "CAlphaHitSVG",
            dependencies: ["CLibRSVG"]
        ),
        // The layers of the library, each a target so that nothing can point back up (see
        // Docs/Architecture.md): basics (geometry, platform, the three unsafe-memory types), the
        // JSON reader and writer, images (decoding, cache, encoding), atlases, the engine with the
        // layout model, then the layout file, whose module re-exports the public API below it.
        // One-instruction numeric helpers Swift has no unchecked form of (header-only, static inline).
        .target(name: "CAlphaHitNumerics"),
        .target(name: "AlphaHitBasics", dependencies: ["CAlphaHitNumerics"]),
        .target(name: "AlphaHitJSON", dependencies: ["AlphaHitBasics"]),
        .target(name: "AlphaHitImages", dependencies: ["AlphaHitBasics", "CAlphaHitPNG", "CLibWebP", "CAlphaHitSVG"]),
        .target(name: "AlphaHitAtlas", dependencies: ["AlphaHitBasics", "AlphaHitJSON", "AlphaHitImages"]),
        // Hit areas out: the solid pixels of an image as geometry (outlines, Docs/Outlines.md).
        .target(name: "AlphaHitOutline", dependencies: ["AlphaHitBasics", "AlphaHitImages"]),
        .target(name: "AlphaHitEngine", dependencies: ["AlphaHitBasics", "AlphaHitImages", "AlphaHitAtlas"]),
        // The layout file (JSON → Layout → engine) and the umbrella of the public API.
        .target(
            name: "AlphaHit",
            dependencies: ["AlphaHitBasics", "AlphaHitJSON", "AlphaHitImages", "AlphaHitAtlas", "AlphaHitEngine", "AlphaHitOutline"]
        ),
        // What the command line and the C interface print, formatted outside the engine: the
        // explanation of a point and the hit object, through the one JSON writer.
        .target(name: "AlphaHitReports", dependencies: ["AlphaHit", "AlphaHitJSON"]),
        // The command line as a library, so tests run commands in-process.
        .target(
            name: "HitTestCLI",
            dependencies: ["AlphaHit", "AlphaHitJSON", "AlphaHitReports"],
            // The inspector page's script and style, embedded as InspectorAssets.swift by
            // scripts/embed-inspector-assets.py (a test holds the two together).
            exclude: ["Inspector"]
        ),
        // The C interface: @_cdecl exports that translate to and from the library; the header is
        // hand-written (include/alphahit.h), since the compiler's generated one is not C.
        .target(
            name: "AlphaHitC",
            dependencies: ["AlphaHit", "AlphaHitJSON", "AlphaHitReports"],
            exclude: ["include", "exports.map"],
            // Only the alphahit_ functions leave the library (a linker version script).
            linkerSettings: [.unsafeFlags(["-Xlinker", "--version-script=\(packageRoot)/Sources/AlphaHitC/exports.map"])]
        ),
        .executableTarget(
            name: "hittest",
            dependencies: ["HitTestCLI"]
        ),
        // What only the benchmarks need: plain libpng, libwebp and librsvg reads, the decode
        // benchmarks' floors, and libwebp's encoder for their WebP files.
        .target(
            name: "CBenchmarkFloor",
            dependencies: ["CLibPNG", "CLibWebP", "CLibRSVG", "CAlphaHitNumerics"],
            path: "Benchmarks/Sources/CBenchmarkFloor"
        ),
        // The benchmark suite (swift run -c release alphahit-bench); see Benchmarks/README.md.
        .executableTarget(
            name: "alphahit-bench",
            dependencies: ["AlphaHit", "CBenchmarkFloor"],
            path: "Benchmarks/Sources/alphahit-bench"
        ),
        // Regenerates the images under Samples/ (swift run make-samples).
        .executableTarget(
            name: "make-samples",
            dependencies: ["AlphaHit"],
            path: "Samples/Generator"
        ),
        // libwebp's encoder, with which the tests make their WebP files.
        .systemLibrary(name: "CWebPEncoder", path: "Tests/CWebPEncoder"),
        .testTarget(
            name: "AlphaHitTests",
            // CBenchmarkFloor: the benchmarks' checked floor is held to the engine's answers.
            dependencies: ["AlphaHit", "AlphaHitJSON", "AlphaHitReports", "HitTestCLI", "CWebPEncoder", "CBenchmarkFloor"],
            // Binary fixtures the tests open by path.
            exclude: ["Fixtures"]
        ),
        // A client as users write one: Foundation beside AlphaHit, public API only.
        .testTarget(
            name: "AlphaHitClientTests",
            dependencies: ["AlphaHit"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

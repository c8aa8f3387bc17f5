// `import AlphaHit` is the whole public API: the layers below the engine are targets of their own
// (so the compiler keeps them from reaching up), and their public types are the library's.
@_exported import AlphaHitAtlas
@_exported import AlphaHitBasics
@_exported import AlphaHitImages
@_exported import AlphaHitEngine
@_exported import AlphaHitOutline

/// The one version number of AlphaHit: `hittest --version`, the C library's `alphahit_version()`
/// and the Python package (`python/pyproject.toml`, held to this by a test) all say it.
package enum AlphaHitVersion {
    package static let string = "0.3.0"
}

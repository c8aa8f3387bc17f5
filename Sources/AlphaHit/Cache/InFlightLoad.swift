import Foundation

/// One decode in progress that other callers asking for the same image wait on,
/// so that an image is decoded once however many threads want it (single flight).
final class InFlightLoad: @unchecked Sendable {
    // Guarded by `condition`; written once by `complete`.
    private var result: Result<DecodedImage, PNGDecodingError>?
    private let condition = NSCondition()
    let identity: FileIdentity

    init(identity: FileIdentity) {
        self.identity = identity
    }

    /// Publishes the outcome and wakes every waiter.
    func complete(_ outcome: Result<DecodedImage, PNGDecodingError>) {
        condition.lock()
        result = outcome
        condition.broadcast()
        condition.unlock()
    }

    /// Blocks until the loading thread publishes its outcome.
    func wait() -> Result<DecodedImage, PNGDecodingError> {
        condition.lock()
        defer { condition.unlock() }
        while result == nil { condition.wait() }
        return result!
    }
}

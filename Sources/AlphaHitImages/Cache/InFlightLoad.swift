import AlphaHitBasics

/// One decode in progress that other callers asking for the same image wait on,
/// so that an image is decoded once however many threads want it (single flight).
final class InFlightLoad: Sendable {
    private let outcome = Locked<Result<DecodedImage, ImageDecodingError>?>(nil)
    let identity: FileIdentity

    init(identity: FileIdentity) {
        self.identity = identity
    }

    /// Publishes the outcome and wakes every waiter.
    func complete(_ result: Result<DecodedImage, ImageDecodingError>) {
        outcome.withLockAndNotify { $0 = result }
    }

    /// Blocks until the loading thread publishes its outcome.
    func wait() -> Result<DecodedImage, ImageDecodingError> {
        outcome.wait { $0 }
    }
}

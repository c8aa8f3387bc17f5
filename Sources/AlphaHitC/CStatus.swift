#if canImport(Glibc)
import Glibc
#endif
import AlphaHit

/// The C interface's statuses, as `alphahit.h` numbers them.
enum CStatus: Int32 {
    case ok = 0
    case invalidArgument = 1
    case layoutError = 2
    case decodeError = 3
    case notFound = 4
}

/// A failure on its way out through the C interface: a status and the message the caller gets.
struct CFailure: Error {
    let status: CStatus
    let message: String

    static func invalid(_ message: String) -> CFailure { CFailure(status: .invalidArgument, message: message) }

    /// A layout that cannot become an engine: a decode error when every problem is one of an
    /// element's image (`….image`: unreadable, not a PNG, corrupt, an atlas frame missing), a
    /// layout error otherwise.
    init(_ error: LayoutFileError) {
        if case .invalid(let layout) = error, !layout.problems.isEmpty,
            layout.problems.allSatisfy({ $0.severity == .warning || $0.path.hasSuffix(".image") })
        {
            self.init(status: .decodeError, message: error.description)
        } else {
            self.init(status: .layoutError, message: error.description)
        }
    }

    init(status: CStatus, message: String) {
        self.status = status
        self.message = message
    }
}

enum CBridge {
    /// A copy of `text` in memory from `malloc`, NUL-terminated, for the caller to free with `alphahit_free`.
    static func allocatedCString(_ text: String) -> UnsafeMutablePointer<CChar> {
        var text = text
        return text.withUTF8 { bytes in
            let copy = malloc(bytes.count + 1)!.assumingMemoryBound(to: CChar.self)
            for (i, byte) in bytes.enumerated() { copy[i] = CChar(bitPattern: byte) }
            copy[bytes.count] = 0
            return copy
        }
    }

    /// Runs `body`; on failure stores the message in `message` (when given) and returns the status.
    static func run(_ message: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ body: () throws(CFailure) -> Void) -> Int32 {
        message?.pointee = nil
        do throws(CFailure) {
            try body()
            return CStatus.ok.rawValue
        } catch {
            message?.pointee = allocatedCString(error.message)
            return error.status.rawValue
        }
    }

    /// A NUL-terminated UTF-8 string from C, or a failure naming the argument.
    static func string(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(CFailure) -> String {
        guard let pointer else { throw .invalid("\(name) is NULL") }
        guard let text = String(validatingCString: pointer) else { throw .invalid("\(name) is not valid UTF-8") }
        return text
    }

    /// A new handle for `engine`, retained until `alphahit_engine_close`.
    static func handle(_ engine: HitTester) -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(EngineHandle(engine)).toOpaque())
    }

    /// The engine behind a handle.
    static func engine(_ handle: OpaquePointer?) throws(CFailure) -> HitTester {
        guard let handle else { throw .invalid("the engine is NULL") }
        return Unmanaged<EngineHandle>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue().engine
    }
}

/// What an `alphahit_engine *` points at: the engine, retained until `alphahit_engine_close`.
final class EngineHandle {
    let engine: HitTester

    init(_ engine: HitTester) {
        self.engine = engine
    }
}

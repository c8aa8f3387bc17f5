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
        if case .invalid(let layout) = error, Self.onlyImages(layout) {
            self.init(status: .decodeError, message: error.description)
        } else {
            self.init(status: .layoutError, message: error.description)
        }
    }

    /// A refused change: an unknown id is not found; the layout rules' refusal a layout error (a
    /// decode error when only images are at fault), with every problem at its path; any other
    /// tree rule an invalid argument.
    init(_ error: LayoutChangeError) {
        switch error {
        case .unknownID:
            self.init(status: .notFound, message: error.description)
        case .invalid(let layout):
            self.init(status: Self.onlyImages(layout) ? .decodeError : .layoutError, message: error.description)
        default:
            self.init(status: .invalidArgument, message: error.description)
        }
    }

    /// Whether every problem of a layout is one of an element's image.
    private static func onlyImages(_ error: LayoutError) -> Bool {
        !error.problems.isEmpty && error.problems.allSatisfy { $0.severity == .warning || $0.path.hasSuffix(".image") }
    }

    init(status: CStatus, message: String) {
        self.status = status
        self.message = message
    }
}

enum CBridge {
    /// ``AlphaHitVersion/string`` as a C string, made once and never freed.
    nonisolated(unsafe) static let version: UnsafePointer<CChar> = UnsafePointer(strdup(AlphaHitVersion.string)!)

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

    /// A new handle, retained until `alphahit_engine_close`.
    static func handle(_ handle: EngineHandle) -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(handle).toOpaque())
    }

    /// The handle behind a pointer, open.
    static func open(_ handle: OpaquePointer?) throws(CFailure) -> EngineHandle {
        guard let handle else { throw .invalid("the engine is NULL") }
        let object = Unmanaged<EngineHandle>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
        guard !object.isClosed else { throw .invalid("the engine is closed") }
        return object
    }

    /// The engine behind a handle, as it is now.
    static func engine(_ handle: OpaquePointer?) throws(CFailure) -> HitTester {
        guard let engine = try open(handle).engine else { throw .invalid("the engine is closed") }
        return engine
    }

    /// A point from C: both coordinates finite, else a failure naming it (`what`: "the point",
    /// "point 12").
    static func point(_ x: Double, _ y: Double, _ what: String = "the point") throws(CFailure) -> Point {
        guard x.isFinite, y.isFinite else { throw .invalid("\(what) (\(x), \(y)) is not finite: both coordinates must be finite numbers") }
        return Point(x: x, y: y)
    }

    /// A touch tolerance from C: a finite number ≥ 0.
    static func tolerance(_ value: Double) throws(CFailure) -> Double {
        guard value.isFinite, value >= 0 else { throw .invalid("the tolerance \(value) must be a finite number of at least 0") }
        return value
    }
}

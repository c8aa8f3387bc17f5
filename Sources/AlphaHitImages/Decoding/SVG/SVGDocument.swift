import AlphaHitBasics
import CAlphaHitSVG

/// The Swift side of the C boundary to librsvg: a parsed SVG document that draws itself into
/// cairo ARGB32 rows, its failures turned into ``ImageDecodingError`` values.
struct SVGDocument: ~Copyable {
    private let document: OpaquePointer
    let source: String

    /// What the root element says about its size, as written.
    struct Dimensions {
        var width: Length?
        var height: Length?
        var viewBox: (width: Double, height: Double)?
    }

    /// A length and its unit, as written.
    struct Length {
        var value: Double
        var unit: Unit
    }

    /// CSS's units of length: the absolute ones, and those relative to something outside the
    /// document (a percentage of the container, the font's em and ex).
    enum Unit {
        case px, inch, cm, mm, pt, pc, relative

        init(_ unit: Int32) {
            switch ahsvg_unit(UInt32(truncatingIfNeeded: unit)) {
            case AHSVG_UNIT_PX: self = .px
            case AHSVG_UNIT_IN: self = .inch
            case AHSVG_UNIT_CM: self = .cm
            case AHSVG_UNIT_MM: self = .mm
            case AHSVG_UNIT_PT: self = .pt
            case AHSVG_UNIT_PC: self = .pc
            default: self = .relative
            }
        }
    }

    /// Parses `bytes` (which may be freed afterwards); librsvg's refusal is ``ImageDecodingError/invalidSVG(source:librsvgMessage:)``.
    init(bytes: UnsafeRawBufferPointer, source: String) throws(ImageDecodingError) {
        var message = [CChar](repeating: 0, count: 512)
        var made: OpaquePointer?
        let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(bitPattern: 1)!
        let status = ahsvg_document_open(base, bytes.count, &made, &message, message.count)
        guard status == AHSVG_OK, let made else {
            if status == AHSVG_OUT_OF_MEMORY { throw .outOfMemory(source: source) }
            throw .invalidSVG(source: source, librsvgMessage: Self.text(message))
        }
        self.document = made
        self.source = source
    }

    deinit {
        ahsvg_document_destroy(document)
    }

    var dimensions: Dimensions {
        var raw = ahsvg_dimensions()
        ahsvg_document_dimensions(document, &raw)
        return Dimensions(
            width: raw.has_width != 0 ? Length(value: raw.width, unit: Unit(raw.width_unit)) : nil,
            height: raw.has_height != 0 ? Length(value: raw.height, unit: Unit(raw.height_unit)) : nil,
            viewBox: raw.has_viewbox != 0 ? (raw.viewbox_width, raw.viewbox_height) : nil)
    }

    /// Draws rows `firstRow ..< firstRow + rows` of the document fitted into a viewport of
    /// `viewport` pixels into `pixels` (cairo ARGB32, cleared by the caller, `stride` bytes a row).
    func render(
        viewport: (width: Double, height: Double), width: Int, firstRow: Int, rows: Int,
        into pixels: UnsafeMutableRawPointer, stride: Int
    ) throws(ImageDecodingError) {
        var message = [CChar](repeating: 0, count: 512)
        let status = ahsvg_document_render(
            document, viewport.width, viewport.height, Int32(width), Int32(firstRow), Int32(rows),
            pixels.assumingMemoryBound(to: UInt8.self), stride, &message, message.count)
        switch status {
        case AHSVG_OK: return
        case AHSVG_OUT_OF_MEMORY: throw .outOfMemory(source: source)
        default: throw .invalidSVG(source: source, librsvgMessage: Self.text(message))
        }
    }

    private static func text(_ message: [CChar]) -> String {
        let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return text.isEmpty ? "no reason given" : text
    }
}

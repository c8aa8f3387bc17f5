import AlphaHitBasics

/// The query's tables, made from the full records: a ``HotElement`` for every element, the full
/// record kept only for the general ones, the transforms of plain ones, and the images they read.
struct DenseTables {
    var hot: [HotElement] = []
    var transforms: [InverseTransform] = []
    var images: [ImageSlot] = []
    var details: [CompiledElement] = []
    var parents: [Int32] = []

    init(_ records: TableView<CompiledElement>) {
        hot.reserveCapacity(records.count)
        parents.reserveCapacity(records.count)
        var slots: [ImageSlot: UInt16] = [:]
        for full in records {
            parents.append(full.parent)
            var image: UInt16?
            if full.placement == .identity, let pixels = full.pixels {
                let slot = ImageSlot(pixels: pixels, rowBytes: full.bytesPerRow)
                if let known = slots[slot] {
                    image = known
                } else if images.count <= Int(UInt16.max) {
                    image = UInt16(images.count)
                    slots[slot] = image
                    images.append(slot)
                }
            }
            let transformSlot = Int32(transforms.count)
            if let plain = Self.plainRecord(of: full, transform: transformSlot, image: image.map { ($0, images[Int($0)]) }) {
                hot.append(plain)
                if full.hasTransform { transforms.append(InverseTransform(of: full)) }
            } else {
                hot.append(.general(detail: Int32(details.count)))
                details.append(full)
                details[details.count - 1].element = Int32(hot.count - 1)
            }
        }
    }

    /// The hot record standing for `full` exactly, or nil when it has none (see ``HotElement``):
    /// its transform at `transform` in the transforms table, its image (an identity placement's
    /// plane) at `image.slot` in the image table.
    static func plainRecord(of full: CompiledElement, transform: Int32, image: (slot: UInt16, value: ImageSlot)?) -> HotElement? {
        guard let plain = HotElement(exactly: full, transform: transform, image: image?.slot) else { return nil }
        // Equal in everything but the place in the chains table.
        var expanded = plain.expanded(parent: full.parent, transform: InverseTransform(of: full), image: image?.value)
        (expanded.chainStart, expanded.chainLength) = (full.chainStart, full.chainLength)
        return expanded == full ? plain : nil
    }
}

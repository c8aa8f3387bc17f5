import AlphaHitBasics

/// A scene's entries in the grid's cells: which cells list an element, found and taken out
/// (``LiveScene/place(_:at:info:)`` lists them). The methods that read are inlined: called from
/// a mutating method, a method that reads the scene was passed a 1 KiB copy of it.
extension LiveScene {
    /// Takes slot `slot`'s entries out of the cells (and the overflow) that list them.
    mutating func removeEntries(of slot: Int) {
        removeEntries(listed: tables.slots[slot], code: entryCode(ofSlot: slot))
    }

    /// The element code of slot `slot`'s entries: the slot, or −1 − its full record's place.
    @inline(__always)
    func entryCode(ofSlot slot: Int) -> Int32 {
        let record = tables.hot[slot]
        return record.isGeneral ? -1 - record.detail : Int32(slot)
    }

    /// Takes the entries of code `code` out of the cells `info` lists (and the overflow).
    mutating func removeEntries(listed info: SlotInfo, code: Int32) {
        _ = info.forEachCell(inGridOf: tables.grid.columns) { cell in
            // A cell the element takes no pixel of has no entry of it.
            if let position = tables.cells.entries(ofCell: cell).firstIndex(where: { $0.element == code }) {
                tables.cells.remove(cell: cell, at: position)
            }
            return true
        }
        if info.overflows { tables.overflow = Table(tables.overflow.view.filter { $0.element != code }) }
    }

    /// Whether the cells `info` lists hold exactly `entries` of code `code` (in cell order, as
    /// the grid gives them), no more and no fewer.
    @inline(__always)
    func listsExactly(_ entries: [(cell: Int, entry: CellEntry)], as info: SlotInfo, code: Int32) -> Bool {
        var next = 0
        let matched = info.forEachCell(inGridOf: tables.grid.columns) { cell in
            guard let found = tables.cells.entries(ofCell: cell).first(where: { $0.element == code }) else { return true }
            guard next < entries.count, entries[next].cell == cell, entries[next].entry == found else { return false }
            next += 1
            return true
        }
        return matched && next == entries.count
    }

    /// The resolution-order label of the element an entry names.
    @inline(__always)
    func label(of code: Int32) -> UInt32 {
        // The full record's field read in place: a copy of it would be 320 bytes an entry.
        let slot = code >= 0 ? Int(code) : Int(tables.details.reader.address(of: Int(-1 - code)).pointee.element)
        return tables.slots.reader.address(of: slot).pointee.label
    }
}

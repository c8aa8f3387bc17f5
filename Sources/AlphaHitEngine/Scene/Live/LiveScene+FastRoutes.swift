import AlphaHitBasics
import AlphaHitImages

/// The fast routes of the changes a 60-frames-a-second caller makes most, by numbers and names:
/// a move to a frame of the same size, and a state switch to an image read before. Each is held
/// to the general route (``LiveScene/applyInPlace(_:)``) by `LiveSceneFastRouteTests`, table by
/// table.
extension LiveScene {
    /// Moves the element with `id` to `frame` as ``applyInPlace(_:)`` would (false, changing
    /// nothing, when it needs a build), by ``translate(_:to:)`` when only its origin changes.
    mutating func setFrameInPlace(_ id: String, _ frame: Rect) -> Bool {
        if takesFastRoutes, tables.overflow.count < Self.overflowBudget, let slot = slotOfID[id].map(Int.init), translate(slot, to: frame) {
            forgetBuilt()
            return true
        }
        return applyInPlace(.update(id: id) { $0.frame = frame })
    }

    /// Puts the element with `id` in `state` as ``applyInPlace(_:)`` would (false, changing
    /// nothing, when it needs a build), by ``restate(_:to:)`` when the state's image was read before.
    mutating func setStateInPlace(_ id: String, _ state: String) -> Bool {
        if takesFastRoutes, tables.overflow.count < Self.overflowBudget, let slot = slotOfID[id].map(Int.init), restate(slot, to: state) {
            forgetBuilt()
            return true
        }
        return applyInPlace(.update(id: id) { $0.state = state })
    }

    /// The fast route of a state switch: a leaf element whose image in the new state the scene
    /// read before (with its states, when it was checked) is compiled again with that image
    /// (``LoneCompiler/recompile(_:placed:parent:)``), with no validation but the state name's and
    /// nothing read. False, changing nothing, for an element with children or cap insets (which
    /// are checked against each image as it is placed), or a state whose image is not known.
    private mutating func restate(_ slot: Int, to state: String) -> Bool {
        let info = tables.slots[slot]
        guard info.children == 0, fitsBudget(info), !state.isEmpty else { return false }
        var element = tables.element(atSlot: slot)
        guard element.capInsets == nil else { return false }
        element.state = state
        var placed: PlacedImage.Placement?
        if let active = element.activeImageSource {
            guard let known = placement(of: active, for: element) else { return false }
            placed = known
        }
        guard let parent = parentRecord(ofSlot: Int(info.parent)) else { return false }
        // Two statements: an argument that changes the compiler would have the call copy the scene first.
        let lone = compiler.recompile(element, placed: placed, parent: parent)
        guard let prepared = prepared(lone, parent: parent) else { return false }
        place(prepared, at: slot, info: info)
        tables.setState(state, atSlot: slot)
        fastRoutesTaken += 1
        return true
    }

    /// Where the image `source` of `element` is placed, when the scene read it before (in ``sources``).
    private mutating func placement(of source: ImageSource, for element: borrowing Element) -> PlacedImage.Placement? {
        // Sources are never replaced or dropped, so a placement once found stays right; and the
        // request is the source's and the element's scale's alone (the defaults are the scene's).
        let recent = RecentImage(source: source, imageScale: element.imageScale)
        if let placement = recentPlacements.value(for: recent) { return placement }
        let request = ImageRequest(source, of: element, defaultScale: tables.header.defaults.imageScale)
        guard let placement = sources[request]?.placement else { return nil }
        recentPlacements.remember(placement, for: recent)
        return placement
    }

    /// The fast route of a move: a leaf element moved to a frame of its size changes only its
    /// origin, so its record is its old one with the new origin (``LoneCompiler/moved(_:to:transform:parent:)``),
    /// with no validation but the origin's and no image to find. False, changing nothing, for an
    /// element with children or a frame of another size.
    private mutating func translate(_ slot: Int, to frame: Rect) -> Bool {
        let info = tables.slots[slot]
        guard info.children == 0, fitsBudget(info), frame.x.isFinite, frame.y.isFinite else { return false }
        let old = fullRecord(ofSlot: slot)
        guard frame.width == old.width, frame.height == old.height, !old.isNested || old.parentOnlyMoves else { return false }
        var parent: (frame: Rect, full: CompiledElement)?
        if info.parent >= 0 {
            guard tables.slots[Int(info.parent)].parent < 0 else { return false }
            parent = (tables.frames[Int(info.parent)], fullRecord(ofSlot: Int(info.parent)))
        }
        let transform = old.hasTransform ? tables.readingElement(slot) { $0.transform } : nil
        let moved = compiler.moved(old, to: frame, transform: transform, parent: parent)
        let (plain, image) = plainRecord(of: moved.full)
        // Listed in cells before exactly when it takes part in queries, which a move leaves as it was.
        var box: ElementBox?
        if info.cells != nil {
            guard let found = moved.box, fitsGrid(found) else { return false }
            box = found
        }
        let inverse = moved.full.hasTransform ? InverseTransform(of: moved.full) : nil
        place(Prepared(plain: plain, full: moved.full, transform: inverse, image: image, box: box, images: []), at: slot, info: info)
        tables.setFrame(frame, atSlot: slot)
        fastRoutesTaken += 1
        return true
    }
}

/// An image as an element asks for it, before its scale is worked out: in one scene the same
/// source and element scale always make the same ``ImageRequest``, so a recent placement is
/// found without working the scale out of the file name again.
struct RecentImage: Equatable {
    let source: ImageSource
    let imageScale: Double?
}

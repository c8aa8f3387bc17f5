import AlphaHitEngine

/// The keys one `set` change gives (`Docs/LiveScenes.md`): each value read as the layout file
/// reads it, and `null` for the key's default.
struct ElementUpdate: Sendable {
    /// The given keys' new values (a key set to null keeps the default it starts with).
    var values = Element(id: "", frame: Rect(x: 0, y: 0, width: 0, height: 0))
    /// The keys given, in the order given.
    var keys: [LayoutDecoder.ElementKey] = []

    /// Sets every given key of `element` to its new value; the rest stay as they are.
    func apply(to element: inout Element) {
        for key in keys {
            switch key {
            case .id, .children: break  // refused when the line is read
            case .frame: element.frame = values.frame
            case .image: element.imageSource = values.imageSource
            case .imageScale: element.imageScale = values.imageScale
            case .contentMode: element.contentMode = values.contentMode
            case .capInsets: element.capInsets = values.capInsets
            case .resizingMode: element.resizingMode = values.resizingMode
            case .alphaThreshold: element.alphaThreshold = values.alphaThreshold
            case .shape: element.shape = values.shape
            case .transform: element.transform = values.transform
            case .hidden: element.isHidden = values.isHidden
            case .interactive: element.isInteractive = values.isInteractive
            case .opacity: element.opacity = values.opacity
            case .clipsToBounds: element.clipsToBounds = values.clipsToBounds
            case .touchTolerance: element.touchTolerance = values.touchTolerance
            case .states: element.states = values.states
            case .state: element.state = values.state
            }
        }
    }
}

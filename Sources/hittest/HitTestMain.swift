import HitTestCLI

/// The `hittest` executable: everything lives in the `HitTestCLI` library.
@main
enum HitTestMain {
    static func main() {
        HitTestCLI.main()
    }
}

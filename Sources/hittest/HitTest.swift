@main struct HitTest { static func main() {} }

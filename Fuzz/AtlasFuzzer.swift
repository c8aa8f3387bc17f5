// libFuzzer target: atlas descriptions (TexturePacker/Aseprite JSON, Starling XML, libGDX text,
// chosen by the input's first character) parsed into frames or a typed error.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAtlas(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    AtlasFuzzChecks.check(bytes)
    return 0
}

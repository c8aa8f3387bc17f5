/// This process's resident memory as Linux reports it in `/proc/self/status`.
struct ResidentMemory {
    /// Resident now (VmRSS), in bytes.
    let current: Int
    /// The most ever resident (VmHWM), in bytes.
    let peak: Int

    /// Reads `/proc/self/status`; nil where it is unavailable (not Linux).
    static func read() -> ResidentMemory? {
        guard let lines = SystemCalls.textLines(ofFile: "/proc/self/status") else { return nil }
        var current: Int?, peak: Int?
        for text in lines {
            if text.hasPrefix("VmRSS:") { current = kibibytes(text) }
            if text.hasPrefix("VmHWM:") { peak = kibibytes(text) }
        }
        guard let current, let peak else { return nil }
        return ResidentMemory(current: current, peak: peak)
    }

    /// "VmRSS:     1234 kB" -> 1234 * 1024.
    private static func kibibytes(_ line: String) -> Int? {
        line.split(separator: " ").dropFirst().first.flatMap { Int($0) }.map { $0 * 1024 }
    }
}

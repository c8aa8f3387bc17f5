#if canImport(Glibc)
import Glibc
#endif

/// This process's resident memory as Linux reports it in `/proc/self/status`.
struct ResidentMemory {
    /// Resident now (VmRSS), in bytes.
    let current: Int
    /// The most ever resident (VmHWM), in bytes.
    let peak: Int

    /// Reads `/proc/self/status`; nil where it is unavailable (not Linux).
    static func read() -> ResidentMemory? {
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var current: Int?, peak: Int?
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
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

/// Wall-clock time for `--stats` reports.
enum Stopwatch {
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

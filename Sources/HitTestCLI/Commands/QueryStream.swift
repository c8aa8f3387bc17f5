import AlphaHit

/// `hittest query` on points from standard input, one read at a time: the complete lines of each
/// read are answered before the next read, so an interactive pipe gets every answer as soon as its
/// line arrives. For the front-most answer (plain or `--json`), a read of many lines is split
/// between the cores, each half parsed, resolved and formatted into its own buffer, the buffers then
/// written in order; a read with a malformed line is answered line by line instead, so that its
/// report on standard error keeps its place among the answers.
struct QueryStream {
    let writer: QueryWriter
    let io: CommandIO

    /// Below this many lines in a read, splitting costs more than it saves.
    static let parallelLines = 512
    /// The longest line read (bytes, without its line break): a longer one is answered as malformed
    /// and skipped to its end without being held, so memory stays flat whatever the input.
    static let maximumLineLength = 1 << 16

    /// Answers every line; returns how many were malformed.
    func run() throws(CommandFailure) -> Int {
        var malformed = 0
        var pending: [UInt8] = []
        var lineNumber = 0
        var lineEnds: [Int] = []
        // Whether the line being read is already longer than a line may be (its bytes dropped).
        var overlong = false
        func keep(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) {
            guard !overlong else { return }
            if pending.count + bytes.count > Self.maximumLineLength {
                overlong = true
                pending = []
            } else {
                pending.append(contentsOf: bytes)
            }
        }
        func finishPending() {
            lineNumber += 1
            if overlong {
                malformed += 1
                reportOverlong(lineNumber: lineNumber)
            } else {
                pending.withUnsafeBufferPointer { malformed += answer($0, lineNumber: lineNumber) ? 0 : 1 }
            }
            pending.removeAll(keepingCapacity: true)
            overlong = false
        }
        try LineReader.forEachChunk(of: io.input, willBlock: { io.output.flush() }, stop: { io.output.readerIsGone }) { chunk in
            var start = 0
            if !pending.isEmpty || overlong || SystemCalls.firstNewline(in: chunk, from: 0) == nil {
                // The end of a line begun in an earlier read.
                guard let end = SystemCalls.firstNewline(in: chunk, from: 0) else {
                    keep(chunk[0..<chunk.count])
                    return
                }
                keep(chunk[0..<end])
                finishPending()
                start = end + 1
            }
            lineEnds.removeAll(keepingCapacity: true)
            var from = start
            while let end = SystemCalls.firstNewline(in: chunk, from: from) {
                lineEnds.append(end)
                from = end + 1
            }
            malformed += answerLines(chunk, from: start, ends: lineEnds, firstNumber: lineNumber + 1)
            lineNumber += lineEnds.count
            keep(chunk[from..<chunk.count])
        }
        if !pending.isEmpty || overlong { finishPending() }
        return malformed
    }

    private func reportOverlong(lineNumber: Int) {
        let reason = "the line is longer than \(Self.maximumLineLength) bytes"
        writer.malformed(line: lineNumber, text: "…", reason: reason)
        io.output.flush()
        io.error.write("Error: <stdin>:\(lineNumber): \(reason); a point line is at most that\n")
    }

    /// Answers the complete lines of one read (line k ends at `ends[k]`); returns how many were malformed.
    private func answerLines(_ chunk: UnsafeBufferPointer<UInt8>, from start: Int, ends: [Int], firstNumber: Int) -> Int {
        let lineStart = { (k: Int) in k == 0 ? start : ends[k - 1] + 1 }
        if writer.mode == .front && ends.count >= Self.parallelLines {
            let parts = 2
            let outputs = Parallel.map(parts) { part -> OutputSink? in
                let sink = OutputSink(.memory, name: "part", bufferLimit: 1 << 18)
                let partWriter = writer.writing(to: sink)
                for k in ends.count * part / parts..<ends.count * (part + 1) / parts {
                    let line = UnsafeBufferPointer(rebasing: chunk[lineStart(k)..<ends[k]])
                    guard line.count <= Self.maximumLineLength, Self.answerIfWellFormed(line, partWriter) else { return nil }
                }
                return sink
            }
            if outputs.allSatisfy({ $0 != nil }) {
                for sink in outputs { sink!.copyContents(to: io.output) }
                return 0
            }
        }
        var malformed = 0
        for k in ends.indices {
            let line = UnsafeBufferPointer(rebasing: chunk[lineStart(k)..<ends[k]])
            malformed += answer(line, lineNumber: firstNumber + k) ? 0 : 1
        }
        return malformed
    }

    /// Answers one line, or reports it as malformed (false).
    private func answer(_ line: UnsafeBufferPointer<UInt8>, lineNumber: Int) -> Bool {
        if line.count > Self.maximumLineLength {
            reportOverlong(lineNumber: lineNumber)
            return false
        }
        if Self.answerIfWellFormed(line, writer) { return true }
        let text = String(decoding: line.prefix(80), as: UTF8.self)
        writer.malformed(line: lineNumber, text: text)
        io.output.flush()
        io.error.write("Error: <stdin>:\(lineNumber): malformed point '\(text)': expected x,y or x y\n")
        return false
    }

    /// Answers a point line, skips a blank or comment line; false for a malformed line (nothing written).
    private static func answerIfWellFormed(_ line: UnsafeBufferPointer<UInt8>, _ writer: QueryWriter) -> Bool {
        var start = 0
        while start < line.count, line[start] == 0x20 || line[start] == 0x09 || line[start] == 0x0D { start += 1 }
        if start == line.count || line[start] == UInt8(ascii: "#") { return true }
        guard let (x, y) = PointParser.parse(line) else { return false }
        writer.answer(x, y)
        return true
    }
}

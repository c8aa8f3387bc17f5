@testable import AlphaHit
@testable import AlphaHitBasics
@testable import AlphaHitEngine
@testable import AlphaHitJSON
import Foundation
@testable import HitTestCLI
import Testing

/// `hittest query`, run as a user runs it.
@Suite("hittest query command")
struct QueryCommandTests {
    static let diamonds = Fixtures.packageRoot.appendingPathComponent("Samples/diamonds/layout.json").path

    @Test("points on the command line: one id per point, '-' for none, negative coordinates included")
    func commandLinePoints() throws {
        let outcome = try HitTestRunner.run(["query", Self.diamonds, "75,95", "120,110", "120 10", "-5,3", "--", "-1,-1"])
        #expect(outcome.status == 0)
        #expect(outcome.text == "west\nsouth\nnorth\n-\n-\n")
    }

    @Test("points from standard input: both spellings, blank lines and # comments skipped")
    func standardInput() throws {
        let input = "# probes\n75,95\n\n  120 110  \n5.5, 5.5\n120,10\n"
        let outcome = try HitTestRunner.run(["query", Self.diamonds], input: Data(input.utf8))
        #expect(outcome.status == 0)
        #expect(outcome.text == "west\nsouth\n-\nnorth\n")
    }

    @Test("standard input streams: the first answer arrives before the input ends")
    func streaming() throws {
        guard let executable = HitTestRunner.executable else { throw HitTestRunner.MissingBinary() }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["query", Self.diamonds]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        defer {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
        input.fileHandleForWriting.write(Data("75,95\n".utf8))
        let answered = DispatchSemaphore(value: 0)
        let line = Locked(Data())
        DispatchQueue.global().async {
            var data = Data()
            while !data.contains(0x0A) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                data.append(chunk)
            }
            line.withLock { $0 = data }
            answered.signal()
        }
        let waited = answered.wait(timeout: .now() + 20)
        if waited == .timedOut { process.terminate() }
        #expect(waited == .success, "no answer while standard input stayed open")
        #expect(line.withLock { $0 } == Data("west\n".utf8))
    }

    @Test("many points flow through standard input, answered in order")
    func manyPoints() throws {
        var input = ""
        var expected = ""
        let probes = [("75,95", "west"), ("120,110", "south"), ("5,5", "-"), ("120,10", "north"), ("200,80", "east")]
        for i in 0..<100_000 {
            let (point, id) = probes[i % probes.count]
            input += point + "\n"
            expected += id + "\n"
        }
        let outcome = try HitTestRunner.run(["query", Self.diamonds], input: Data(input.utf8))
        #expect(outcome.status == 0)
        #expect(outcome.text == expected)
    }

    @Test("a malformed line on standard input answers '!' in step with the input, is reported with its number; exit 1")
    func malformedLine() throws {
        let outcome = try HitTestRunner.run(["query", Self.diamonds], input: Data("75,95\nhello\n1e400,2\n120,10\n".utf8))
        #expect(outcome.status == 1)
        #expect(outcome.text == "west\n!\n!\nnorth\n")
        #expect(outcome.standardError.contains("Error: <stdin>:2: malformed point 'hello': expected x,y or x y"))
        #expect(outcome.standardError.contains("Error: <stdin>:3: malformed point '1e400,2'"))
    }

    @Test("point coordinates are read correctly rounded: the fast decimal path agrees with strtod, bit for bit")
    func decimalsCorrectlyRounded() {
        var random = SplitMix(seed: 4311)  // seeded: a failure replays
        var tokens = ["0", "-0", "+0.0", "0.1", "0.3", "1e22", "1e23", "9007199254740993", "9007199254740992.0", "123456789012345678",
                      "0.000000000000000000000001", "1.7976931348623157e308", "4.9e-324", "2.2250738585072011e-308", "007.50", ".5", "5.", "1E+3"]
        for _ in 0..<20_000 {
            let digits = (0..<Int.random(in: 1...18, using: &random)).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
            let point = Int.random(in: 0...digits.count, using: &random)
            var token = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
            if Bool.random(using: &random) { token = "-" + token }
            if Int.random(in: 0..<4, using: &random) == 0 { token += "e\(Int.random(in: -30...30, using: &random))" }
            tokens.append(token)
        }
        for token in tokens where PointParser.number(token) != nil || strtod(token, nil).isFinite {
            let parsed = PointParser.number(token)
            let expected = strtod(token, nil)
            #expect(parsed?.bitPattern == (expected.isFinite ? expected.bitPattern : nil), "\(token)")
        }
    }

    @Test("numbers written straight to the output read exactly as JSONText.number writes them, whatever their magnitude")
    func numbersWrittenDirectly() {
        var random = SplitMix(seed: 4312)  // seeded: a failure replays
        var values: [Double] = [0, -0.0, 0.5, -0.5, 0.05, -0.005, 1e12 - 0.001, 999_999_999_999.999, 1e15, -1e15, 1e16, 0.1 + 0.2, 24.567000000000007, .pi]
        for _ in 0..<20_000 {
            let thousandths = Double(Int.random(in: -10_000_000...10_000_000, using: &random))
            values.append(thousandths / 1000)
            values.append(Double.random(in: -5000...5000, using: &random))
            values.append(thousandths / 1000 + 1000 - 1000)
            let any = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &random))
            if any.isFinite { values.append(any) }
        }
        values += [.leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e-5, 0.0001, 1e15 + 0.5, 123456789.123456789, Double(sign: .plus, exponent: -1074, significand: 1), -1.5e300]
        for value in values {
            let sink = OutputSink(.memory, name: "test")
            JSONText.write(value, to: sink)
            #expect(String(decoding: sink.contents, as: UTF8.self) == JSONText.number(value), "\(value)")
        }
    }

    @Test("integers and bytes written straight into the output buffer read as their text, across buffer boundaries", arguments: [0, 5, 64, 1 << 16])
    func decimalsAndBytesAcrossFlushes(bufferLimit: Int) {
        var random = SplitMix(seed: 4313)  // seeded: a failure replays
        var values = [0, 1, -1, 9, 10, -10, 99, 100, 999_999, Int.max, Int.min, Int.max - 1, Int.min + 1]
        values += (0..<2000).map { _ in Int.random(in: Int.min...Int.max, using: &random) >> Int.random(in: 0...62, using: &random) }
        let sink = OutputSink(.memory, name: "test", bufferLimit: bufferLimit)
        var expected = ""
        for value in values {
            sink.write(decimal: value)
            sink.write(byte: UInt8(ascii: ","))
            expected += "\(value),"
        }
        #expect(String(decoding: sink.contents, as: UTF8.self) == expected)
    }

    @Test("a malformed point on the command line is answered '!' in its place and named, the good ones answered; exit 1")
    func malformedArgument() throws {
        let outcome = try HitTestRunner.run(["query", Self.diamonds, "75,95", "x,3", "5,5"])
        #expect(outcome.status == 1)
        #expect(outcome.text == "west\n!\n-\n")
        #expect(outcome.standardError.hasPrefix("Error: 'x,3' is not a point"))
        let json = try HitTestRunner.run(["query", Self.diamonds, "--json", "x,3"])
        #expect(json.text.hasPrefix(#"{"argument":1,"error":"malformed point 'x,3': "#), "\(json.text)")
    }

    @Test("--json prints one object per point with point, id, path, local, pixel, alpha, distance and nearest")
    func json() throws {
        let outcome = try HitTestRunner.run(["query", Self.diamonds, "--json", "75,95", "5,5"])
        #expect(outcome.status == 0)
        #expect(outcome.text == """
            {"point":[75,95],"id":"west","path":["west"],"local":[75,65],"pixel":[75,65],"alpha":255,"distance":0,"nearest":[75,95]}
            {"point":[5,5],"id":null,"path":[],"local":null,"pixel":null,"alpha":null,"distance":null,"nearest":null}

            """)
        for line in outcome.text.split(separator: "\n") {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "valid JSON: \(line)")
        }
    }

    @Test("--all prints every element hit, front to back")
    func all() throws {
        let outcome = try HitTestRunner.run(["query", Self.diamonds, "--all", "120,80", "75,95", "5,5"])
        #expect(outcome.text == "south north\nwest\n-\n")
        let json = try HitTestRunner.run(["query", Self.diamonds, "--all", "--json", "120,80"])
        #expect(json.text.hasPrefix("{\"point\":[120,80],\"hits\":[{\"id\":\"south\""))
    }

    @Test("--explain prints the verdict of each element in front of the winner whose bounds contain the point, and counts the rest")
    func explain() throws {
        let outcome = try HitTestRunner.run(["query", Self.diamonds, "--explain", "75,95"])
        #expect(outcome.text == """
            75,95: west
              south: transparent: pixel (5, 35) has alpha 0 below minAlpha 26
              north: transparent: pixel (5, 95) has alpha 0 below minAlpha 26
              west: hit
              (1 other element considered: the point is outside its bounds)

            """)
    }

    @Test(
        "bad input exits 1 with a message naming the file",
        arguments: [
            ("{\"version\": 1, \"elements\": [", "layout.json:1:29: invalid JSON"),
            ("{\"version\": 1, \"elements\": [{\"id\": \"a\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1}, \"colour\": 1}]}", "layout.json:1: elements[0].colour: unknown key"),
            ("{\"version\": 1, \"elements\": [{\"id\": \"a\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1}, \"image\": \"gone.png\"}]}", "gone.png: no such file"),
            ("{\"version\": 1, \"elements\": [{\"id\": \"a\", \"frame\": {\"x\": 0, \"y\": 0, \"width\": 1, \"height\": 1}, \"image\": \"bad.png\"}]}", "bad.png: GIF cannot be read; export PNG"),
        ])
    func badInput(layout: String, message: String) throws {
        let folder = try Fixtures.temporaryDirectory()
        try Fixtures.write(Array("GIF89a, not a PNG".utf8), to: folder.appendingPathComponent("bad.png").path)
        let path = folder.appendingPathComponent("layout.json").path
        try Fixtures.write(Array(layout.utf8), to: path)
        let outcome = try HitTestRunner.run(["query", path, "1,1"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.hasPrefix("Error: "))
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
        let missing = try HitTestRunner.run(["query", folder.appendingPathComponent("none.json").path, "1,1"])
        #expect(missing.status == 1 && missing.standardError.contains("none.json: cannot read the layout file: no such file"))
    }

    @Test("usage errors exit 2", arguments: [["query"], ["query", "x.json", "--all", "--explain", "1,1"], ["query", "x.json", "--bogus"]])
    func usageErrors(arguments: [String]) throws {
        let outcome = try HitTestRunner.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("Usage: hittest query"))
    }
}

extension QueryCommandTests {
    @Test("a 100 MB file of points streams through standard input; a bad line deep inside is named by number")
    func hundredMegabytes() throws {
        let folder = try Fixtures.temporaryDirectory()
        let input = folder.appendingPathComponent("points.txt")
        // One mebibyte of points, repeated: 13-byte lines, so 80,659 points a block.
        var block = ""
        while block.utf8.count + 13 <= 1 << 20 { block += "120.25,110.5\n" }
        let linesPerBlock = block.utf8.count / 13
        _ = FileManager.default.createFile(atPath: input.path, contents: nil)
        let handle = try FileHandle(forWritingTo: input)
        for index in 0..<100 {
            try handle.write(contentsOf: Data(block.utf8))
            if index == 50 { try handle.write(contentsOf: Data("oops\n".utf8)) }
        }
        try handle.close()

        guard let executable = HitTestRunner.executable else { throw HitTestRunner.MissingBinary() }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["query", Self.diamonds]
        process.standardInput = try FileHandle(forReadingFrom: input)
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        var lines = 0, southLines = true
        while true {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            for byte in chunk where byte == 0x0A { lines += 1 }
            if southLines, !String(decoding: chunk.prefix(6), as: UTF8.self).hasPrefix("south") && lines < 2 { southLines = false }
        }
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(lines == linesPerBlock * 100 + 1)  // the bad line answers '!' 
        #expect(southLines)
        #expect(message.contains("Error: <stdin>:\(linesPerBlock * 51 + 1): malformed point 'oops'"), "\(message)")
    }
}

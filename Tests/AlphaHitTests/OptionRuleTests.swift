@testable import HitTestCLI
import Testing

/// The rules between options, declared in each command's spec (``OptionRule``) and checked when
/// the command line is read: before the command runs, so before any file is opened (the layout
/// here does not exist, and the answer is still the usage error, exit 2).
@Suite("Option rules")
struct OptionRuleTests {
    static let missing = "/nonexistent/layout.json"

    @Test("each declared rule refuses its command line with its usage error, before any input is read", arguments: [
        (["query", missing, "--all", "--explain", "1,1"], "'--all' and '--explain' cannot be used together."),
        (["query", "-"], "The layout is read from standard input ('-'), so the points must be given as arguments."),
        (["audit", missing, "--min-size", "30", "--standard", "apple"], "The value 'apple' is invalid for '--standard': expected either --min-size or --standard, not both."),
        (["decode", "/nonexistent/a.png", "--format", "alpha8", "--min-alpha", "9", "-o", "/tmp/x.bin"],
         "The value '9' is invalid for '--min-alpha': expected to be used with --format mask1 only."),
        (["inspect", "/nonexistent/a.png", "--index", "2"], "The value '2' is invalid for '--index': expected to be used with --frame."),
        (["render", missing], "Missing expected option '--output' or '--html': say where the picture, the page, or both go."),
        (["render", missing, "-o", "/tmp/same.png", "--legend", "/tmp/same.png"],
         "'--output' and '--legend' name the same file '/tmp/same.png': the legend would overwrite the picture."),
        (["render", missing, "--html", "/tmp/same.html", "--legend", "/tmp/same.html"],
         "'--html' and '--legend' name the same file '/tmp/same.html': the legend would overwrite the page."),
        (["render", missing, "-o", "/tmp/same.x", "--html", "/tmp/same.x"],
         "'--output' and '--html' name the same file '/tmp/same.x': the page would overwrite the picture."),
        (["render", "-", "-o", "-"], "The layout and the output cannot both use standard input and output ('-') here; name a file for one of them."),
        (["render", missing, "-o", "-", "--html", "-"], "'--output' and '--html' name the same file '-': the page would overwrite the picture."),
    ])
    func declaredRuleRefuses(arguments: [String], message: String) throws {
        let outcome = try HitTestRunner.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("Error: \(message)"), "\(outcome.standardError)")
    }
}

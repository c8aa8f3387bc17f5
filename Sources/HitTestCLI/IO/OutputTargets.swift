/// The files a command writes, checked against the files it reads before anything is written: an
/// output that is the same file as an input (the same device and inode, through any link, or the
/// same name in the same folder when it does not exist yet) is a usage error, so no command ever
/// overwrites what it reads.
enum OutputTargets {
    /// Refuses each output (its option and path; nil or `-` for none or standard output) that names
    /// one of `inputs` (`-` for standard input is skipped).
    static func refuseOverwriting(_ outputs: [(option: String, path: String?)], inputs: [String]) throws(UsageError) {
        for (option, path) in outputs {
            guard let path, path != "-" else { continue }
            for input in inputs where input != "-" && SystemCalls.samePath(path, input) {
                throw .other("'\(option) \(path)' names '\(input)', which this command reads: choose another output file.")
            }
        }
    }
}

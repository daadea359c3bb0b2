// touchlog-analysis-identity OUTPUT ROOT FILE...: writes OUTPUT, a Swift file that names the analysis these sources
// make (`GeneratedAnalysisIdentity.sourceHash`). The AnalysisIdentity build-tool plugin runs it with every source
// file of TouchlogReport and of the modules it depends on; see AnalysisIdentity in TouchlogReport for why.
//
// It stands alone (Foundation only) rather than using TouchlogFormat's StableHash: a build tool that depended on the
// modules it hashes would be rebuilt, for the host, by every change it is meant to notice.
import Foundation

/// FNV-1a, 128 bits, exactly as TouchlogFormat's `StableHash.fnv1a128`: two 64-bit passes in one loop, the second
/// from another offset basis over bytes xor 0x5A.
struct FNV1a128 {
    private(set) var high: UInt64 = 0xcbf2_9ce4_8422_2325
    private(set) var low: UInt64 = 0x6c62_272e_07bb_0142
    private let prime: UInt64 = 0x0000_0100_0000_01B3

    mutating func add<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        for byte in bytes {
            high = (high ^ UInt64(byte)) &* prime
            low = (low ^ UInt64(byte ^ 0x5A)) &* prime
        }
    }

    var hex: String {
        [high, low].map { value in
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}

/// The hash of `files` (absolute paths under `root`): each file's path relative to `root`, its length and its
/// bytes, in the order of the relative paths. Relative paths and a fixed order make it the same on every machine and
/// in every checkout folder; the length keeps one file's end from passing for the next one's start.
func sourceHash(root: String, files: [String]) throws -> (hash: String, count: Int) {
    let prefix = root.hasSuffix("/") ? root : root + "/"
    let relative = files.map { path in
        let standard = URL(fileURLWithPath: path).standardizedFileURL.path
        return (standard.hasPrefix(prefix) ? String(standard.dropFirst(prefix.count)) : standard, path)
    }
    var hash = FNV1a128()
    var seen = Set<String>()
    for (name, path) in relative.sorted(by: { $0.0 < $1.0 }) where seen.insert(name).inserted {
        let contents = try Data(contentsOf: URL(fileURLWithPath: path))
        hash.add(name.utf8)
        hash.add([0])
        hash.add(String(contents.count).utf8)
        hash.add([0])
        contents.withUnsafeBytes { hash.add($0) }
    }
    return (hash.hex, seen.count)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: touchlog-analysis-identity OUTPUT ROOT FILE...\n".utf8))
    exit(64)
}
let output = arguments[1]
let root = URL(fileURLWithPath: arguments[2]).standardizedFileURL.path
do {
    let (hash, count) = try sourceHash(root: root, files: Array(arguments.dropFirst(3)))
    let text = """
        // Generated at build time by the AnalysisIdentity plugin (Plugins/AnalysisIdentity) from \(count) source files.
        // Do not edit: it changes whenever a source file of the analysis does.
        enum GeneratedAnalysisIdentity {
            /// FNV-1a (128 bits) over the analysis's source files: their paths in the package, lengths and contents.
            static let sourceHash = "\(hash)"
            static let sourceFiles = \(count)
        }

        """
    // Written only when it changed, so that its module is not recompiled for nothing.
    if (try? String(contentsOfFile: output, encoding: .utf8)) != text {
        try text.write(toFile: output, atomically: true, encoding: .utf8)
    }
} catch {
    FileHandle.standardError.write(Data("touchlog-analysis-identity: error: \(error)\n".utf8))
    exit(1)
}

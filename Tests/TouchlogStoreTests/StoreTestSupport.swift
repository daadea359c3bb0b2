import Foundation

@testable import TouchlogFormat
@testable import TouchlogStore

/// A temporary folder removed at deinit.
final class TemporaryFolder {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("touchlog-store-tests-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to a file in the folder and returns its path.
    func file(_ name: String, _ text: String) -> String {
        let path = path(name)
        try! Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}

/// Lines for building small sessions.
enum Lines {
    static func header(
        _ id: String = "s1", version: String = "1.0", startedAt: String? = "2026-11-20T10:00:00.000Z",
        device: String = "iPhone15,2"
    ) -> String {
        let start = startedAt.map { #""startedAt":"\#($0)","# } ?? ""
        return
            #"{"type":"session","format":"touchlog/1","session":"\#(id)",\#(start)"app":{"id":"com.example","version":"\#(version)","build":"7"},"device":{"model":"\#(device)","system":"iOS 17.4"},"extra":{"kept":true}}"#
    }

    static let snapshot =
        #"{"type":"snapshot","t":0,"windows":[{"id":"w1","class":"UIWindow","frame":[0,0,393,852],"isKeyWindow":true,"subviews":[{"id":"root","class":"UIView","frame":[0,0,393,852],"subviews":[{"id":"tf1","class":"UITextField","frame":[16,100,300,40],"text":"secret","isFirstResponder":true},{"id":"btn","class":"UIButton","frame":[16,200,100,44],"isHidden":true}]}]}],"controllers":[{"id":"vc1","class":"LoginViewController","view":"root"}]}"#

    static func touch(_ t: Double, phase: String = "began", id: Int = 1) -> String {
        #"{"type":"touch","t":\#(t),"touch":\#(id),"phase":"\#(phase)","x":20.5,"y":110,"window":"w1"}"#
    }

    static func session(
        _ lines: [String], id: String = "s1", version: String = "1.0",
        startedAt: String? = "2026-11-20T10:00:00.000Z", device: String = "iPhone15,2"
    ) -> String {
        ([header(id, version: version, startedAt: startedAt, device: device), snapshot] + lines).joined(
            separator: "\n") + "\n"
    }

    /// A session with one record of each common kind.
    static func rich(id: String = "s1") -> String {
        session(
            [
                touch(0.1),
                #"{"type":"touch","t":0.15,"touch":"f2","phase":"began","x":1,"y":2,"view":null,"pressure":0.3}"#,
                touch(0.2, phase: "ended"),
                #"{"type":"firstResponder","t":0.2,"view":"tf1"}"#,
                #"{"type":"key","t":0.3,"text":"hunter2"}"#,
                #"{"type":"set","t":0.4,"view":"tf1","isHidden":true}"#,
                #"{"type":"snapshot","t":5,"windows":[{"id":"w1","class":"UIWindow","frame":[0,0,393,852]}]}"#,
                #"{"type":"gyro","t":6,"rate":[0,0,1]}"#,
            ], id: id)
    }
}

extension TouchlogDatabase {
    func count(_ table: String) throws -> Int {
        Int(try raw.integer("SELECT COUNT(*) FROM \(table)") ?? 0)
    }
}

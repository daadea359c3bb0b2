import Foundation
import Testing
import TouchlogFormat
import TouchlogStore

/// `touchlog vacuum`: after a large session is deleted, the file shrinks, and what it says is what is on disk.
@Suite struct VacuumCommandTests {
    let folder = TemporaryFolder()

    func onDisk(_ path: String) -> Int {
        [path, path + "-wal"].map { ((try? FileManager.default.attributesOfItem(atPath: $0))?[.size] as? Int) ?? 0 }
            .reduce(0, +)
    }

    @Test func theSpaceOfADeletedSessionGoesBack() throws {
        let db = folder.path("v.sqlite")
        let big = folder.path("big.jsonl")
        try CrashSafetyTests().writeLargeSession(big, touches: 60_000)
        let login = Touchlog.fixtures.appendingPathComponent("login-form.jsonl").path
        #expect(Touchlog.call(["ingest", "--quiet", "--db", db, big, login]).status == 0)
        #expect(Touchlog.call(["delete", "big", "--db", db]).status == 0)
        let afterDelete = onDisk(db)

        let result = Touchlog.call(["vacuum", "--db", db, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONReader.parse(result.stdout.trimmingCharacters(in: .newlines))
        let before = try #require(json["bytesBefore"]?.intValue)
        let after = try #require(json["bytesAfter"]?.intValue)
        #expect(json["bytesReclaimed"]?.intValue == before - after)
        #expect(before >= afterDelete)
        #expect(after < before / 4, "\(result.stdout)")
        #expect(after == onDisk(db))
        // The session that stayed is whole.
        let show = Touchlog.call(["show", "--db", db, "5c1e"])
        #expect(show.status == 0)
        #expect(try TouchlogDatabase(path: db, access: .readOnly).sessions().map(\.recordCount) == [10])
    }

    @Test func theTextSaysBeforeAfterAndReclaimed() throws {
        let store = try FourSessions()
        #expect(try store.run(["delete", "0b6d"]).status == 0)
        let result = try store.run(["vacuum"])
        #expect(result.status == 0)
        #expect(
            result.stdout.wholeMatch(
                of: /vacuumed t\.sqlite: [0-9.]+ KiB before, [0-9.]+ KiB after, [0-9.]+ (KiB|bytes?) reclaimed\n/)
                != nil,
            "\(result.stdout)")
    }
}

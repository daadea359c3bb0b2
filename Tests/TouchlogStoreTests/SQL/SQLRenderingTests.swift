import Foundation
import Testing
import TouchlogFormat

@testable import TouchlogStore

/// The dialect layer: a statement written once renders in each store's words, with its values as parameters in
/// order. The statements checked whole are the stores' own, captured as the store code runs them.
@Suite struct SQLRenderingTests {
    /// A clock that says what a test says, and counts how often it was read.
    final class FixedClock: @unchecked Sendable {
        // @unchecked: read and written under `lock` only.
        private let lock = NSLock()
        private var reads = 0
        let seconds: Double

        init(_ seconds: Double) { self.seconds = seconds }

        var leaseClock: LeaseClock {
            LeaseClock { [self] in
                lock.lock()
                defer { lock.unlock() }
                reads += 1
                return seconds
            }
        }

        var readCount: Int {
            lock.lock()
            defer { lock.unlock() }
            return reads
        }
    }

    /// A connection that runs nothing: it keeps what it was asked to run, as its dialect renders it, and answers
    /// with `answer`'s rows.
    final class RecordingConnection: SQLConnection {
        let dialect: SQLDialect
        let clock: LeaseClock
        var answer: [SQLRow] = []
        private(set) var statements: [RenderedSQL] = []

        init(_ dialect: SQLDialect, clock: LeaseClock = FixedClock(1000).leaseClock) {
            self.dialect = dialect
            self.clock = clock
        }

        func rows(_ statement: SQL) throws -> [SQLRow] {
            statements.append(statement.rendered(for: dialect, clock: clock))
            return answer
        }

        func perform(_ statement: SQL) throws -> Int {
            statements.append(statement.rendered(for: dialect, clock: clock))
            return 1
        }
    }

    /// Whitespace runs made one space: the statements are laid out for reading.
    static func flat(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static let may = try! Timestamp(parsing: "2026-05-01T12:00:00+02:00")

    @Test func valuesBecomeParametersNumberedInOrderInPostgreSQL() {
        let inner: SQL = "b = \("two") AND \(.instant(Self.may))"
        let statement: SQL = "SELECT 1 WHERE a = \(Int64(1)) AND \(inner) AND c = \(3.5) AND d = \(nil as String?)"
        let sqlite = statement.rendered(for: .sqlite)
        #expect(sqlite.text == "SELECT 1 WHERE a = ? AND b = ? AND julianday(?) AND c = ? AND d = ?")
        #expect(
            sqlite.arguments == [.integer(1), .text("two"), .text("2026-05-01T10:00:00.000Z"), .real(3.5), .null])
        let postgres = statement.rendered(for: .postgres)
        #expect(postgres.text == "SELECT 1 WHERE a = $1 AND b = $2 AND $3 AND c = $4 AND d = $5")
        #expect(
            postgres.arguments == [
                .integer(1), .text("two"), .integer(Self.may.millisecondsSince1970), .real(3.5), .null,
            ])
    }

    /// A value is never written into the statement, whatever it holds.
    @Test func aValueIsNeverText() {
        let name = "O'Brien'); DROP TABLE session; --"
        for dialect in SQLDialect.allCases {
            let rendered = ("SELECT 1 FROM session WHERE session_key = \(name)" as SQL).rendered(for: dialect)
            #expect(!rendered.text.contains("O'Brien"))
            #expect(rendered.arguments == [.text(name)])
        }
    }

    /// Each word the dialects write differently, as each database writes it.
    @Test(
        arguments: [
            (SQL.startInstant, "julianday(started_at)", [], "started_ms", []),
            (
                SQL.instant(SQLRenderingTests.may), "julianday(?)", [SQLValue.text("2026-05-01T10:00:00.000Z")], "$1",
                [.integer(1_777_629_600_000)]
            ),
            (
                SQL.likeIgnoringASCIICase("session_key", "5c1e%"), #"session_key LIKE ? ESCAPE '\'"#, [.text("5c1e%")],
                #"translate(session_key, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') LIKE translate($1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz') ESCAPE '\'"#,
                [.text("5c1e%")]
            ),
            (
                SQL.containsIgnoringASCIICase("device_model", "ipad"), "instr(lower(device_model), lower(?)) > 0",
                [.text("ipad")],
                "strpos(translate(device_model, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), translate($1, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')) > 0",
                [.text("ipad")]
            ),
            (SQL.boolean(true), "1", [], "true", []),
            (SQL.boolean(false), "0", [], "false", []),
            (SQL.now, "?", [.real(1000)], "clock_timestamp()", []),
            (SQL.later(seconds: 60), "?", [.real(1060)], "clock_timestamp() + make_interval(secs => $1)", [.real(60)]),
            (
                SQL.isAnyOf([3, 1, 2]), " IN (SELECT value FROM json_each(?))", [.text("[3,1,2]")], " = ANY($1)",
                [.integers([3, 1, 2])]
            ),
            (SQL.lockingRows, "", [], " FOR UPDATE", []),
        ] as [(SQL, String, [SQLValue], String, [SQLValue])])
    func eachDialectWordRendersAsItsDatabaseWritesIt(
        fragment: SQL, sqlite: String, sqliteArguments: [SQLValue], postgres: String, postgresArguments: [SQLValue]
    ) {
        let clock = FixedClock(1000).leaseClock
        #expect(fragment.rendered(for: .sqlite, clock: clock).text == sqlite)
        #expect(fragment.rendered(for: .sqlite, clock: clock).arguments == sqliteArguments)
        #expect(fragment.rendered(for: .postgres, clock: clock).text == postgres)
        #expect(fragment.rendered(for: .postgres, clock: clock).arguments == postgresArguments)
    }

    /// Every lease time of one statement counts from one reading of the clock; PostgreSQL reads its own.
    @Test func theClockIsReadOnceAStatementAndOnlyForSQLite() {
        let statement: SQL = "SELECT \(.now), \(.later(seconds: 5)), \(.later(seconds: 10))"
        let clock = FixedClock(50)
        #expect(
            statement.rendered(for: .sqlite, clock: clock.leaseClock).arguments == [.real(50), .real(55), .real(60)])
        #expect(clock.readCount == 1)
        _ = statement.rendered(for: .postgres, clock: clock.leaseClock)
        #expect(clock.readCount == 1)
    }

    // MARK: The stores' statements, as they run them

    @Test func listingSessionsWithEveryFilter() throws {
        let filter = SessionFilter(
            appVersion: "5.2", startedFrom: "2026-01", startedBefore: "2027", since: Self.may, device: "iPad",
            limit: 3)
        var rendered: [SQLDialect: RenderedSQL] = [:]
        for dialect in SQLDialect.allCases {
            let connection = RecordingConnection(dialect)
            _ = try SessionQueries.sessions(filter, on: connection)
            try #require(connection.statements.count == 1)
            rendered[dialect] = connection.statements[0]
        }
        let columns = Self.flat(SessionInfo.columns)
        #expect(
            Self.flat(rendered[.sqlite]!.text)
                == "SELECT \(columns) FROM session WHERE id IN ( SELECT id FROM session WHERE app_version = ? AND started_at >= ? AND started_at < ? AND julianday(started_at) >= julianday(?) AND instr(lower(device_model), lower(?)) > 0 ORDER BY started_at IS NULL, julianday(started_at) DESC, id DESC LIMIT ?) ORDER BY started_at IS NULL, julianday(started_at), id"
        )
        #expect(
            Self.flat(rendered[.postgres]!.text)
                == "SELECT \(columns) FROM session WHERE id IN ( SELECT id FROM session WHERE app_version = $1 AND started_at >= $2 AND started_at < $3 AND started_ms >= $4 AND strpos(translate(device_model, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz'), translate($5, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')) > 0 ORDER BY started_at IS NULL, started_ms DESC, id DESC LIMIT $6) ORDER BY started_at IS NULL, started_ms, id"
        )
        #expect(
            rendered[.sqlite]!.arguments == [
                .text("5.2"), .text("2026-01"), .text("2027"), .text(Self.may.sqliteText), .text("iPad"), .integer(3),
            ])
        #expect(
            rendered[.postgres]!.arguments == [
                .text("5.2"), .text("2026-01"), .text("2027"), .integer(Self.may.millisecondsSince1970),
                .text("iPad"), .integer(3),
            ])
    }

    /// Prune dates sessions by the instant each database has, and PostgreSQL locks what a real run removes.
    @Test func pruningSelectsByInstantAndLocksOnlyWhenItRemoves() throws {
        let criteria = PruneCriteria(.startedBefore(Self.may), appVersion: "2.0")
        var selections: [String: String] = [:]
        for dialect in SQLDialect.allCases {
            for dryRun in [true, false] {
                let connection = RecordingConnection(dialect)
                _ = try Housekeeping.prune(criteria, dryRun: dryRun, cancellation: nil, on: connection)
                #expect(connection.statements.count == 2)
                #expect(
                    connection.statements[0].text
                        == "SELECT count(*) FROM session WHERE \(dialect == .sqlite ? "julianday(started_at)" : "started_ms") IS NULL AND app_version = \(dialect == .sqlite ? "?" : "$1")"
                )
                selections["\(dialect) \(dryRun)"] = Self.flat(connection.statements[1].text)
            }
        }
        let columns = Self.flat(SessionInfo.columns)
        #expect(
            selections["sqlite true"]
                == "SELECT \(columns), coalesce(julianday(started_at) < julianday(?), 0) AS is_before FROM session WHERE julianday(started_at) IS NOT NULL AND app_version = ? ORDER BY julianday(started_at) DESC, id DESC"
        )
        #expect(selections["sqlite false"] == selections["sqlite true"])
        #expect(
            selections["postgres true"]
                == "SELECT \(columns), coalesce(started_ms < $1, false) AS is_before FROM session WHERE started_ms IS NOT NULL AND app_version = $2 ORDER BY started_ms DESC, id DESC"
        )
        #expect(selections["postgres false"] == selections["postgres true"]! + " FOR UPDATE")
    }

    /// A lease runs on the store's clock: this machine's for SQLite, the server's for PostgreSQL.
    @Test func renewingALeaseCountsFromEachStoresClock() throws {
        let job = AnalysisJob(sessionRowID: 7, sessionKey: "s7", fingerprint: "fp")
        let lease = JobLease(owner: "me", seconds: 30)
        let sqlite = RecordingConnection(.sqlite, clock: FixedClock(1000).leaseClock)
        let postgres = RecordingConnection(.postgres)
        for connection in [sqlite, postgres] {
            #expect(try AnalysisQueueStatements.renew(job, lease: lease, on: connection))
        }
        #expect(
            Self.flat(sqlite.statements[0].text)
                == "UPDATE analysis_job SET lease_expires = ? WHERE session_id = ? AND fingerprint = ? AND lease_owner = ?"
        )
        #expect(sqlite.statements[0].arguments == [.real(1030), .integer(7), .text("fp"), .text("me")])
        #expect(
            Self.flat(postgres.statements[0].text)
                == "UPDATE analysis_job SET lease_expires = clock_timestamp() + make_interval(secs => $1) WHERE session_id = $2 AND fingerprint = $3 AND lease_owner = $4"
        )
        #expect(postgres.statements[0].arguments == [.real(30), .integer(7), .text("fp"), .text("me")])
    }

    /// Which sessions have a result is one parameter however many sessions: a JSON array for SQLite's json_each, an
    /// array for PostgreSQL.
    @Test func analysedSessionsBindsTheIdsAsOneList() throws {
        let sqlite = RecordingConnection(.sqlite)
        let postgres = RecordingConnection(.postgres)
        for connection in [sqlite, postgres] {
            connection.answer = [SQLRow([.integer(2)])]
            #expect(
                try AnalysisQueueStatements.analysedSessions(
                    fingerprint: "fp", sessionRowIDs: [1, 2, 3], on: connection)
                    == [2])
        }
        #expect(
            Self.flat(sqlite.statements[0].text)
                == "SELECT session_id FROM analysis_result WHERE fingerprint = ? AND session_id IN (SELECT value FROM json_each(?))"
        )
        #expect(sqlite.statements[0].arguments == [.text("fp"), .text("[1,2,3]")])
        #expect(
            Self.flat(postgres.statements[0].text)
                == "SELECT session_id FROM analysis_result WHERE fingerprint = $1 AND session_id = ANY($2)")
        #expect(postgres.statements[0].arguments == [.text("fp"), .integers([1, 2, 3])])
        // No ids, no statement.
        #expect(try AnalysisQueueStatements.analysedSessions(fingerprint: "fp", sessionRowIDs: [], on: sqlite) == [])
        #expect(sqlite.statements.count == 1)
    }
}

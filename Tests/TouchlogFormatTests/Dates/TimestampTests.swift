import Testing

@testable import TouchlogFormat

/// `--since` and `--before` take a date or an ISO 8601 time with a zone, and compare as instants.
@Suite struct TimestampTests {
    @Test(arguments: [
        ("2026-11-20", "2026-11-20T00:00:00.000Z"),
        ("2026-11-20T10:00:00.000Z", "2026-11-20T10:00:00.000Z"),
        ("2026-11-20T10:00Z", "2026-11-20T10:00:00.000Z"),
        ("2026-11-20 10:00:00z", "2026-11-20T10:00:00.000Z"),
        ("2026-11-20T12:30:00+02:00", "2026-11-20T10:30:00.000Z"),
        ("2026-11-20T00:30:00-0100", "2026-11-20T01:30:00.000Z"),
        ("2026-11-20T00:30:00+01:00", "2026-11-19T23:30:00.000Z"),
        ("2026-11-20T10:00:00.5Z", "2026-11-20T10:00:00.500Z"),
        ("2026-11-20T10:00:00.123456Z", "2026-11-20T10:00:00.123Z"),
        ("2024-02-29", "2024-02-29T00:00:00.000Z"),
        ("1969-12-31T23:59:59Z", "1969-12-31T23:59:59.000Z"),
    ])
    func acceptsDatesAndZonedTimes(text: String, utc: String) throws {
        #expect(try Timestamp(parsing: text).sqliteText == utc)
        #expect(try Timestamp(parsing: text).description == text)
    }

    @Test func theSameMomentInTwoZonesIsEqual() throws {
        #expect(try Timestamp(parsing: "2026-11-20T12:00:00+02:00") == Timestamp(parsing: "2026-11-20T10:00:00Z"))
        #expect(try Timestamp(parsing: "2026-11-20T11:59:59+02:00") < Timestamp(parsing: "2026-11-20T10:00:00Z"))
    }

    @Test(arguments: [
        ("yesterday", Timestamp.ParseError.notADate("yesterday")),
        ("2026-1-5", .notADate("2026-1-5")),
        ("20261120", .notADate("20261120")),
        ("2026-11-20T10", .notADate("2026-11-20T10")),
        ("2026-11-20T10:00:00Zjunk", .notADate("2026-11-20T10:00:00Zjunk")),
        ("2026-13-01", .noSuchDate("2026-13-01", problem: "there is no month 13")),
        ("2026-02-29", .noSuchDate("2026-02-29", problem: "month 2 of 2026 has no day 29")),
        ("2026-11-20T24:00Z", .noSuchDate("2026-11-20T24:00Z", problem: "24:00:00 is not a time of day")),
        ("2026-11-20T10:00:00", .missingZone("2026-11-20T10:00:00")),
    ])
    func refusesWhatIsNotAMomentSayingWhy(text: String, error: Timestamp.ParseError) {
        #expect(throws: error) { try Timestamp(parsing: text) }
    }

    @Test func messagesSayWhatToWrite() {
        #expect(
            Timestamp.ParseError.notADate("last week").description
                == "\"last week\" is not a date; use YYYY-MM-DD (midnight UTC) or an ISO 8601 time with a zone, such as 2026-11-19T12:00:00Z"
        )
        #expect(
            Timestamp.ParseError.missingZone("2026-11-20T10:00").description
                == "\"2026-11-20T10:00\" has a time but no zone; add Z for UTC (2026-11-20T10:00Z) or an offset such as +02:00, or give the date alone"
        )
    }

    /// The calendar arithmetic against every day of four years around a leap year and a century.
    @Test func daysRoundTripThroughTheCalendar() {
        var days = CivilDays.since1970(year: 1999, month: 12, day: 31)
        for year in 2000...2003 {
            for month in 1...12 {
                for day in 1...Timestamp.daysIn(month: month, year: year) {
                    days += 1
                    #expect(CivilDays.since1970(year: year, month: month, day: day) == days)
                    let civil = CivilDays.date(daysSince1970: days)
                    #expect(civil.year == year && civil.month == month && civil.day == day)
                }
            }
        }
        #expect(CivilDays.since1970(year: 1970, month: 1, day: 1) == 0)
    }
}

import Synchronization
import Testing

@testable import TouchlogCLI

/// The ingest progress line, from numbers given here: no clock is read.
@Suite struct ProgressLineTests {
    let mib = 1_048_576

    @Test func showsHowFarHowFastAndHowLongStill() {
        #expect(
            ProgressLine.text(name: "big.jsonl", bytes: 50 * mib, totalBytes: 200 * mib, elapsed: 10, columns: nil)
                == "big.jsonl: 25% (50.0 of 200.0 MiB, 5.0 MiB/s, 30 s left)")
        #expect(
            ProgressLine.text(name: "big.jsonl", bytes: 10 * mib, totalBytes: 2000 * mib, elapsed: 4, columns: nil)
                == "big.jsonl: 0% (10.0 of 2000.0 MiB, 2.5 MiB/s, 13 min 16 s left)")
    }

    @Test func withoutTimeOrSizeItSaysOnlyWhatItKnows() {
        #expect(
            ProgressLine.text(name: "a.jsonl", bytes: 0, totalBytes: 100 * mib, elapsed: 0, columns: nil)
                == "a.jsonl: 0% (0.0 of 100.0 MiB)")
        #expect(
            ProgressLine.text(name: "a.jsonl", bytes: 3 * mib, totalBytes: nil, elapsed: 2, columns: nil)
                == "a.jsonl: 3.0 MiB (1.5 MiB/s)")
        // Read to the end: nothing left to estimate.
        #expect(
            ProgressLine.text(name: "a.jsonl", bytes: 8 * mib, totalBytes: 8 * mib, elapsed: 2, columns: nil)
                == "a.jsonl: 100% (8.0 of 8.0 MiB, 4.0 MiB/s)")
    }

    @Test(arguments: [
        (0.2, "1 s left"), (59.0, "59 s left"), (59.5, "1 min 0 s left"), (3599.0, "59 min 59 s left"),
        (3725.0, "1 h 2 min left"),
    ])
    func timeLeftIsRoundedUp(seconds: Double, text: String) {
        #expect(ProgressLine.timeLeft(seconds) == text)
    }

    /// A line wider than the terminal wraps, and `\r` then rewrites only its last row: the name gives way.
    @Test func aLongNameIsShortenedFromTheLeftToFitTheTerminal() {
        let name = "/var/ci/artifacts/nightly/recordings/2026-11-20/checkout-flow-iphone15.jsonl"
        let line = ProgressLine.text(name: name, bytes: mib, totalBytes: 4 * mib, elapsed: 1, columns: 60)
        #expect(line.count == 59)
        #expect(line.hasPrefix("…") && line.hasSuffix("…-iphone15.jsonl: 25% (1.0 of 4.0 MiB, 1.0 MiB/s, 3 s left)"))
        let wide = ProgressLine.text(name: name, bytes: mib, totalBytes: 4 * mib, elapsed: 1, columns: 200)
        #expect(wide.hasPrefix(name + ": "))
        #expect(ProgressLine.text(name: name, bytes: mib, totalBytes: 4 * mib, elapsed: 1, columns: 20).count == 19)
    }

    /// After an interruption the parsing thread may still report; once cleared, the line stays cleared.
    @Test func nothingIsWrittenAfterTheLineIsCleared() {
        let written = Mutex<[String]>([])
        let printer = ProgressPrinter(
            name: "a.jsonl", totalBytes: 4 * mib, columns: nil, elapsed: { 2 },
            write: { text in written.withLock { $0.append(text) } })
        printer.update(mib)
        printer.finish()
        printer.update(2 * mib)
        printer.finish()
        #expect(
            written.withLock { $0 } == [
                "\ra.jsonl: 25% (1.0 of 4.0 MiB, 0.5 MiB/s, 6 s left)\u{1B}[K", "\r\u{1B}[K",
            ])
    }
}

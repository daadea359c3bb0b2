import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `touchlog-bench peak-memory LABEL -- COMMAND ARGS…`: runs the command (the release `touchlog`, typically) with its
/// output thrown away, and prints its wall time and peak resident memory, read from the kernel's accounting of the
/// child (`getrusage(RUSAGE_CHILDREN)`), so the figure is the command's own, not the benchmark's.
enum PeakMemoryBenchmark {
    static func run(_ args: [String]) {
        guard let separator = args.firstIndex(of: "--"), separator + 1 < args.count else {
            print("usage: touchlog-bench peak-memory LABEL -- COMMAND [ARGUMENTS…]")
            return
        }
        let label = args[..<separator].joined(separator: " ")
        let command = Array(args[(separator + 1)...])
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        var status: Int32 = 0
        let seconds: Double
        do {
            seconds = try Clock.time {
                try process.run()
                process.waitUntilExit()
                status = process.terminationStatus
            }
        } catch {
            print("peak-memory: \(label): cannot run \(command[0]): \(error)")
            return
        }
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        // Linux reports ru_maxrss in kilobytes.
        let megabytes = Double(usage.ru_maxrss) / 1024
        print(
            "peak-memory: \(label): \(Clock.format(seconds)) s, peak RSS \(Clock.format(megabytes)) MB (target < 100 MB), exit status \(status)"
        )
    }
}

// Benchmarks for `make bench`: each subcommand measures one thing and prints its figures.
let arguments = Array(CommandLine.arguments.dropFirst())

switch arguments.first {
case "core":
    CoreBenchmark.run(Array(arguments.dropFirst()))
case "replay":
    ReplayBenchmark.run(Array(arguments.dropFirst()))
case "report":
    ReportBenchmark.run(Array(arguments.dropFirst()))
case "once":
    ProfileOnce.run(Array(arguments.dropFirst()))
case "recorder":
    RecorderBenchmark.run(Array(arguments.dropFirst()))
case "peak-memory":
    PeakMemoryBenchmark.run(Array(arguments.dropFirst()))
default:
    print("usage: touchlog-bench <benchmark> [options]")
    print("benchmarks:")
    print("  replay DATABASE      read vs replay of the largest stored session")
    print("  report DATABASE      touchlog report over every stored session (first and second run) vs a plain scan")
    print("  core [--records N]   touch records dispatched per second through ResponderCore (500 views, 12 levels)")
    print(
        "  recorder [--touches N] [--snapshots N] [--sequences N]   encoding a touch record, snapshotting a 1,000-view hierarchy, touch events with costed reads"
    )
    print("  peak-memory LABEL -- COMMAND…   wall time and peak resident memory of a command")
    print("  once scan|report DATABASE   one plain scan or one single-worker report, to count instructions under")
    print("                              valgrind --tool=callgrind (ONLY_RULES=id,id: just those rules; - for none)")
}

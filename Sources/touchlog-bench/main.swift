// Benchmarks for `make bench`: each subcommand measures one thing and prints its figures.
print("usage: touchlog-bench <benchmark>")

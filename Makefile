# touchlog: build, test, demo and benchmarks. `make help` lists the targets.
SWIFT      ?= swift
BUILD_FLAGS ?=
RELEASE_BIN = .build/release/touchlog
DEMO_DB    ?= .build/demo/touchlog.sqlite

.PHONY: help build release test demo bench lint clean

help:
	@echo "make demo    build touchlog, ingest sample-logs/ into a fresh database and show what it found"
	@echo "make test    run the whole test suite"
	@echo "make bench   run the benchmarks (ingest against the C floor, responder core throughput)"
	@echo "make lint    check formatting with the toolchain's swift format"
	@echo "make build   debug build; make release: optimised build"

build:
	$(SWIFT) build $(BUILD_FLAGS)

release:
	$(SWIFT) build -c release $(BUILD_FLAGS) --product touchlog

test:
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(SWIFT) test --skip-build $(BUILD_FLAGS)

demo: release
	@rm -rf $(dir $(DEMO_DB)) && mkdir -p $(dir $(DEMO_DB))
	$(RELEASE_BIN) ingest --db $(DEMO_DB) sample-logs/*.jsonl
	$(RELEASE_BIN) sessions --db $(DEMO_DB)

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

clean:
	rm -rf .build

.PHONY: bench-core
# ResponderCore throughput: touch records dispatched per second (release build, one core).
bench-core:
	$(SWIFT) build -c release $(BUILD_FLAGS) --product touchlog-bench
	.build/release/touchlog-bench core

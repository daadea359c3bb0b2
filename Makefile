# touchlog: build, test, demo and benchmarks. `make help` lists the targets.
SWIFT      ?= swift
BUILD_FLAGS ?=
RELEASE_BIN = .build/release/touchlog
DEMO_DB    ?= .build/demo/touchlog.sqlite
# The shared specs and benchmark inputs sit beside the clone in CI.
SHARED     ?= ../shared
BENCH_DIR  ?= bench-out
BENCH_EVENTS ?= 1000000
BENCH_RUNS ?= 3

.PHONY: help build release test demo bench bench-ingest generate lint clean

bench: bench-ingest bench-core bench-replay bench-report bench-memory bench-recorder

help:
	@echo "make demo    build touchlog, ingest sample-logs/ into a fresh database, list and replay a few sessions, report on all"
	@echo "make test    run the whole test suite"
	@echo "make bench   run the benchmarks (ingest against the C floor, responder core throughput, replay and report against reading)"
	@echo "make bench-replay  replay the 1,000,000-record session next to merely reading it (target <= 1.2x)"
	@echo "make bench-report  touchlog report over 1,000 sessions (1,000,000 records) next to a plain scan of them (target <= 1.6x)"
	@echo "make bench-ingest  ingest a generated 1,000,000-record session, against the C floor (SHARED=$(SHARED))"
	@echo "make stress  concurrent ingesters and killed ingests, checked for consistency (not part of make test)"
	@echo "make record-demo  record the recorder's stories through the UIKit stand-in into $(RECORD_DEMO) (the database and trace into $(RECORD_DEMO_OUT)), ingest, replay and report them"
	@echo "make bench-recorder  the recorder core: encoding a touch record (<= 1 us), a 1,000-view snapshot (<= 2 ms), touch events on a 1,000-view screen with reads costed like UIKit's (<= 0.2 ms on the main thread)"
	@echo "make bench-postgres  PostgreSQL: ingest of 1,000,000 records against psql's \\copy floor (target <= 1.5x) and SQLite; 1, 2 and 4 workers over 1,000 sessions"
	@echo "make bench-memory  peak memory of report and replay on one 10,000,000-record session and on 10,000 sessions (target < 100 MB)"
	@echo "make generate      regenerate Sources/TouchlogStore/Migrations/Embedded*Migrations.swift from migrations/ and migrations/postgres/"
	@echo "make fuzz    fuzz each importer with libFuzzer for FUZZ_SECONDS (default 180) seconds"
	@echo "make lint    check formatting with the toolchain's swift format"
	@echo "make rules-doc     regenerate docs/rules.md from the rules' descriptions"
	@echo "make check-recorder  what an app that links the recorder compiles (at most 7,000 lines) and resolves (no other package)"
	@echo "make check-html    render the golden HTML report in headless Chromium to $(CHECK_HTML_DIR)/report.png (look at it)"
	@echo "make check-replay-page  drive sample replay pages in headless Chromium (Playwright), screenshots in $(REPLAY_PAGE_DIR) (part of make test)"
	@echo "make bench-replay-page  the replay page of the 1,000,000-record session: its size (target <= 15 MB) and draw time in headless Chromium (target <= 10 s)"
	@echo "make build   debug build; make release: optimised build"

build:
	$(SWIFT) build $(BUILD_FLAGS)

release:
	$(SWIFT) build -c release $(BUILD_FLAGS) --product touchlog

test: check-schema check-recorder
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(SWIFT) test --skip-build --disable-xctest $(BUILD_FLAGS)
	$(MAKE) check-replay-page

# The replay page (touchlog replay SESSION --format html) driven in headless Chromium through Playwright: opened at
# #t=, stepped with the arrow keys, checked against the replay trace, no request leaving the page; screenshots at
# 1280 and 390 px in $(REPLAY_PAGE_DIR). Needs Python's playwright and Debian's chromium (.ci/run installs both).
REPLAY_PAGE_DIR ?= .build/replay-page
.PHONY: check-replay-page
check-replay-page:
	$(SWIFT) build $(BUILD_FLAGS) --product touchlog
	python3 Tests/ReplayPage/replay_page_test.py --touchlog "$$($(SWIFT) build $(BUILD_FLAGS) --show-bin-path)/touchlog" --screenshots $(REPLAY_PAGE_DIR)

demo: release
	@rm -rf $(dir $(DEMO_DB)) && mkdir -p $(dir $(DEMO_DB))
	$(RELEASE_BIN) ingest --db $(DEMO_DB) sample-logs/*.jsonl sample-logs/import-*
	@# A session-replay touch stream joined to the view hierarchy captured with it.
	$(RELEASE_BIN) ingest --db $(DEMO_DB) sample-logs/replay-toast-touches.json --hierarchy sample-logs/replay-toast-view-hierarchy.json
	$(RELEASE_BIN) sessions --db $(DEMO_DB)
	$(RELEASE_BIN) replay --db $(DEMO_DB) 3F2A
	$(RELEASE_BIN) replay --db $(DEMO_DB) 0B6D --trust observed
	$(RELEASE_BIN) replay --db $(DEMO_DB) --compare-policy dismiss-on-outside-touch 3F2A
	@# The report of every sample, grouped for triage. Without --fail-on it exits 0 whatever it finds.
	$(RELEASE_BIN) report --db $(DEMO_DB)
	@echo "Also: $(RELEASE_BIN) report --db $(DEMO_DB) --format html > report.html  (markdown, json, junit, sarif, github, xcode, gitlab, summary too)"

# What an app compiles and resolves for the recorder: at most 7,000 lines, no other package (docs/recorder.md).
.PHONY: check-recorder
check-recorder:
	python3 Tests/RecorderFootprint/recorder_footprint.py --app

# Sample logs against docs/touchlog-1.schema.json, plus the negative fixtures in Tests/Schema/invalid/.
.PHONY: check-schema
check-schema:
	python3 Tests/Schema/check_schema.py

generate:
	sh migrations/embed-migrations.sh migrations > Sources/TouchlogStore/Migrations/EmbeddedMigrations.swift.tmp
	mv Sources/TouchlogStore/Migrations/EmbeddedMigrations.swift.tmp Sources/TouchlogStore/Migrations/EmbeddedMigrations.swift
	sh migrations/embed-migrations.sh migrations/postgres EmbeddedPostgresMigrations > Sources/TouchlogStore/Migrations/EmbeddedPostgresMigrations.swift.tmp
	mv Sources/TouchlogStore/Migrations/EmbeddedPostgresMigrations.swift.tmp Sources/TouchlogStore/Migrations/EmbeddedPostgresMigrations.swift

# Best of $(BENCH_RUNS) runs each, same input, fresh database every run; prints both times and their ratio.
bench-ingest:
	@mkdir -p $(BENCH_DIR)
	@test -s $(BENCH_DIR)/session-$(BENCH_EVENTS).jsonl || python3 $(SHARED)/bench/gen-session.py --events $(BENCH_EVENTS) -o $(BENCH_DIR)/session-$(BENCH_EVENTS).jsonl
	$(SWIFT) build -c release $(BUILD_FLAGS) --product touchlog
	cc -O2 -o $(BENCH_DIR)/reference-ingest $(SHARED)/bench/reference-ingest.c -lsqlite3
	@set -e; input=$(BENCH_DIR)/session-$(BENCH_EVENTS).jsonl; best_t=; best_c=; \
	for run in $$(seq $(BENCH_RUNS)); do \
	  rm -f $(BENCH_DIR)/bench.sqlite*; s=$$(date +%s.%N); \
	  $(RELEASE_BIN) ingest --quiet --db $(BENCH_DIR)/bench.sqlite $$input; e=$$(date +%s.%N); \
	  t=$$(awk "BEGIN { print $$e - $$s }"); best_t=$$(echo "$$t $$best_t" | awk '{print ($$2 == "" || $$1 < $$2) ? $$1 : $$2}'); \
	  rm -f $(BENCH_DIR)/ref.sqlite*; s=$$(date +%s.%N); \
	  $(BENCH_DIR)/reference-ingest $(BENCH_DIR)/ref.sqlite $$input 2>/dev/null; e=$$(date +%s.%N); \
	  c=$$(awk "BEGIN { print $$e - $$s }"); best_c=$$(echo "$$c $$best_c" | awk '{print ($$2 == "" || $$1 < $$2) ? $$1 : $$2}'); \
	  echo "run $$run: touchlog $$t s, C floor $$c s"; \
	done; \
	rm -f $(BENCH_DIR)/bench.sqlite* $(BENCH_DIR)/ref.sqlite*; \
	echo "$$best_t $$best_c" | awk '{printf "ingest of %s records: touchlog %.3f s, C floor %.3f s, ratio %.2fx (target <= 0.9x)\n", "$(BENCH_EVENTS)", $$1, $$2, $$1 / $$2}'

# Fuzz each importer with libFuzzer for FUZZ_SECONDS; UPDATE_CORPUS=1 replaces the checked-in corpus.
FUZZ_SECONDS ?= 180
.PHONY: fuzz
fuzz:
	Tests/Fuzz/run-fuzzers.sh $(FUZZ_SECONDS)

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Plugins

clean:
	rm -rf .build

.PHONY: stress
# Load and fault figures, not part of `make test`: 8 concurrent ingesters x 100 files into one database (new, then
# existing), and 100 ingests killed with SIGKILL at random moments, each checked and re-ingested.
stress:
	$(SWIFT) build -c release $(BUILD_FLAGS) --product touchlog
	python3 Tests/Stress/stress.py --touchlog $(RELEASE_BIN)

.PHONY: bench-core
# ResponderCore throughput: touch records dispatched per second (release build, one core).
bench-core:
	$(SWIFT) build -c release $(BUILD_FLAGS) --product touchlog-bench
	.build/release/touchlog-bench core

.PHONY: record-demo
# The recorder's end-to-end stories (Tests/TouchlogRecorderUIKitTests: StoryTests.swift, and the iPad, privacy and
# SwiftUI stories of MultitaskingTests.swift, SensitiveTouchTests.swift and SwiftUIAppTests.swift) written to RECORD_DEMO, then
# ingested, replayed (failing on any divergence) and reported by the CLI. RECORD_DEMO holds the recordings only, so
# `touchlog ingest $(RECORD_DEMO)/*.jsonl` ingests them again; the database and the replay trace go to
# RECORD_DEMO_OUT (a trace is JSON Lines too, and not a recording).
RECORD_DEMO ?= .build/record-demo
RECORD_DEMO_OUT ?= $(RECORD_DEMO)/out
record-demo:
	@rm -rf $(RECORD_DEMO) && mkdir -p $(RECORD_DEMO) $(RECORD_DEMO_OUT)
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	TOUCHLOG_RECORD_DEMO=$(abspath $(RECORD_DEMO)) $(SWIFT) test --skip-build --disable-xctest $(BUILD_FLAGS) --filter 'TouchlogRecorderUIKitTests\.(StoryTests|MultitaskingTests|SensitiveTouchTests|SwiftUIAppTests)'
	.build/debug/touchlog ingest --db $(RECORD_DEMO_OUT)/touchlog.sqlite $(RECORD_DEMO)/*.jsonl
	.build/debug/touchlog replay --db $(RECORD_DEMO_OUT)/touchlog.sqlite --all --fail-on-divergence --format jsonl > $(RECORD_DEMO_OUT)/replay.jsonl
	@echo "replayed every recording with no divergence: $(RECORD_DEMO_OUT)/replay.jsonl"
	.build/debug/touchlog report --db $(RECORD_DEMO_OUT)/touchlog.sqlite

.PHONY: bench-recorder
# The recorder core's budgets: encoding a touch record (<= 1 us), a 1,000-view snapshot (<= 2 ms), and the main thread's
# time per touch event on a 1,000-view screen whose reads cost what UIKit's do (<= 0.2 ms; not met by events that
# begin or end a touch, docs/recorder.md).
bench-recorder:
	$(SWIFT) build -c release $(BUILD_FLAGS) --product touchlog-bench
	.build/release/touchlog-bench recorder

.PHONY: rules-doc
# docs/rules.md from the rules' descriptions; RuleFrameworkTests fails when the committed file is stale.
rules-doc:
	$(SWIFT) build $(BUILD_FLAGS) --product touchlog
	.build/debug/touchlog report --list-rules --format markdown > docs/rules.md.tmp
	mv docs/rules.md.tmp docs/rules.md

.PHONY: check-html
# The golden HTML report rendered by a real browser (Debian: apt-get install chromium), for a person to look at.
# Not part of `make test`: it needs Chromium and eyes.
CHECK_HTML_DIR ?= .build/check-html
CHROMIUM ?= chromium
check-html:
	@command -v $(CHROMIUM) >/dev/null || { echo "check-html needs Chromium: apt-get install -y chromium (or CHROMIUM=path)"; exit 1; }
	@mkdir -p $(CHECK_HTML_DIR)
	$(CHROMIUM) --headless --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,2000 \
	  --screenshot=$(CHECK_HTML_DIR)/report.png file://$(CURDIR)/Tests/TouchlogReportTests/Golden/report.html
	@echo "wrote $(CHECK_HTML_DIR)/report.png: open it and look"

.PHONY: bench-replay
# Replay of the 1,000,000-record session against merely reading its records, in the same run (target <= 1.2x).
bench-replay:
	@mkdir -p $(BENCH_DIR)
	@test -s $(BENCH_DIR)/session-$(BENCH_EVENTS).jsonl || python3 $(SHARED)/bench/gen-session.py --events $(BENCH_EVENTS) -o $(BENCH_DIR)/session-$(BENCH_EVENTS).jsonl
	$(SWIFT) build -c release $(BUILD_FLAGS) --product touchlog
	$(SWIFT) build -c release $(BUILD_FLAGS) --product touchlog-bench
	rm -f $(BENCH_DIR)/replay.sqlite*
	$(RELEASE_BIN) ingest --quiet --db $(BENCH_DIR)/replay.sqlite $(BENCH_DIR)/session-$(BENCH_EVENTS).jsonl
	.build/release/touchlog-bench replay $(BENCH_DIR)/replay.sqlite
	rm -f $(BENCH_DIR)/replay.sqlite*

.PHONY: bench-report
# touchlog report over 1,000 sessions totalling 1,000,000 records in five paired runs with a plain scan of those records
# in the same run (target <= 1.6x), and the database's size before and after (target <= 1.2x).
BENCH_SESSIONS ?= 1000
bench-report:
	@mkdir -p $(BENCH_DIR)
	@test -s $(BENCH_DIR)/sessions-$(BENCH_SESSIONS).jsonl || python3 $(SHARED)/bench/gen-session.py --events $(BENCH_EVENTS) --sessions $(BENCH_SESSIONS) -o $(BENCH_DIR)/sessions-$(BENCH_SESSIONS).jsonl
	$(SWIFT) build -c release $(BUILD_FLAGS) --product touchlog
	$(SWIFT) build -c release $(BUILD_FLAGS) --product touchlog-bench
	rm -f $(BENCH_DIR)/report.sqlite*
	$(RELEASE_BIN) ingest --quiet --db $(BENCH_DIR)/report.sqlite $(BENCH_DIR)/sessions-$(BENCH_SESSIONS).jsonl
	.build/release/touchlog-bench report $(BENCH_DIR)/report.sqlite
	rm -f $(BENCH_DIR)/report.sqlite*

.PHONY: bench-postgres
# Against a throwaway cluster (Tests/Postgres/with-cluster.sh); not part of `make bench`, which needs no server.
bench-postgres:
	@mkdir -p $(BENCH_DIR)
	@test -s $(BENCH_DIR)/session-$(BENCH_EVENTS).jsonl || python3 $(SHARED)/bench/gen-session.py --events $(BENCH_EVENTS) -o $(BENCH_DIR)/session-$(BENCH_EVENTS).jsonl
	@test -s $(BENCH_DIR)/sessions-$(BENCH_SESSIONS).jsonl || python3 $(SHARED)/bench/gen-session.py --events $(BENCH_EVENTS) --sessions $(BENCH_SESSIONS) -o $(BENCH_DIR)/sessions-$(BENCH_SESSIONS).jsonl
	$(SWIFT) build -c release $(BUILD_FLAGS) --product touchlog
	INGEST_INPUT=$(BENCH_DIR)/session-$(BENCH_EVENTS).jsonl WORKER_INPUT=$(BENCH_DIR)/sessions-$(BENCH_SESSIONS).jsonl \
	  BENCH_RUNS=$(BENCH_RUNS) BENCH_DIR=$(BENCH_DIR) TOUCHLOG=$(RELEASE_BIN) Tests/Postgres/with-cluster.sh Tests/Postgres/bench-postgres.sh

.PHONY: bench-memory
# Peak resident memory of `touchlog report` and `touchlog replay` on one long session and on many sessions of the same
# total size (MEMORY_EVENTS records each way): flat memory means the same figure whatever the size.
MEMORY_EVENTS ?= 10000000
MEMORY_SESSIONS ?= 10000
bench-memory:
	@mkdir -p $(BENCH_DIR)
	@test -s $(BENCH_DIR)/session-$(MEMORY_EVENTS).jsonl || python3 $(SHARED)/bench/gen-session.py --events $(MEMORY_EVENTS) -o $(BENCH_DIR)/session-$(MEMORY_EVENTS).jsonl
	@test -s $(BENCH_DIR)/sessions-$(MEMORY_SESSIONS)x$(MEMORY_EVENTS).jsonl || python3 $(SHARED)/bench/gen-session.py --events $(MEMORY_EVENTS) --sessions $(MEMORY_SESSIONS) -o $(BENCH_DIR)/sessions-$(MEMORY_SESSIONS)x$(MEMORY_EVENTS).jsonl
	$(SWIFT) build -c release $(BUILD_FLAGS) --product touchlog
	$(SWIFT) build -c release $(BUILD_FLAGS) --product touchlog-bench
	@set -e; for input in session-$(MEMORY_EVENTS) sessions-$(MEMORY_SESSIONS)x$(MEMORY_EVENTS); do \
	  rm -f $(BENCH_DIR)/memory.sqlite*; \
	  $(RELEASE_BIN) ingest --quiet --db $(BENCH_DIR)/memory.sqlite $(BENCH_DIR)/$$input.jsonl; \
	  .build/release/touchlog-bench peak-memory report $$input -- $(RELEASE_BIN) report --db $(BENCH_DIR)/memory.sqlite; \
	  .build/release/touchlog-bench peak-memory replay --all $$input -- $(RELEASE_BIN) replay --all --format jsonl --db $(BENCH_DIR)/memory.sqlite; \
	done; rm -f $(BENCH_DIR)/memory.sqlite*

.PHONY: bench-replay-page
# The replay page of the 1,000,000-record session: its size (target <= 15 MB) and the time headless Chromium takes to
# open and draw it (target <= 10 s), at 1280 and 390 px. Needs Python's playwright and Debian's chromium.
bench-replay-page:
	@mkdir -p $(BENCH_DIR)
	@test -s $(BENCH_DIR)/session-$(BENCH_EVENTS).jsonl || python3 $(SHARED)/bench/gen-session.py --events $(BENCH_EVENTS) -o $(BENCH_DIR)/session-$(BENCH_EVENTS).jsonl
	$(SWIFT) build -c release $(BUILD_FLAGS) --product touchlog
	rm -f $(BENCH_DIR)/page.sqlite*
	$(RELEASE_BIN) ingest --quiet --db $(BENCH_DIR)/page.sqlite $(BENCH_DIR)/session-$(BENCH_EVENTS).jsonl
	@session=$$($(RELEASE_BIN) sessions --db $(BENCH_DIR)/page.sqlite --format jsonl | python3 -c 'import json,sys; print(json.loads(sys.stdin.readline())["id"])'); \
	  s=$$(date +%s.%N); $(RELEASE_BIN) replay --db $(BENCH_DIR)/page.sqlite "$$session" --format html > $(BENCH_DIR)/replay-page.html; e=$$(date +%s.%N); \
	  echo "page written in $$(awk "BEGIN { print $$e - $$s }") s: $$(wc -c < $(BENCH_DIR)/replay-page.html) bytes"
	python3 Tests/ReplayPage/measure_page.py $(BENCH_DIR)/replay-page.html --at 60000
	rm -f $(BENCH_DIR)/page.sqlite*

#!/usr/bin/env bash
# Builds a libFuzzer binary per importer, and one for the touchlog/1 JSON Lines reader and validator (`jsonl`),
# and fuzzes each for a while.
#
#   Tests/Fuzz/run-fuzzers.sh [SECONDS_PER_FORMAT] [FORMAT…]      default: 180 s, every format and jsonl
#   UPDATE_CORPUS=1 Tests/Fuzz/run-fuzzers.sh 300                 also replace the checked-in corpus
#                                                                 with the minimised one found
# Seeds come from the fixtures and the checked-in corpus (Tests/TouchlogFormatTests/Importers/Corpus/<format>/;
# for jsonl, the sample logs and Tests/TouchlogFormatTests/Reading/Corpus/).
# Crashes, hangs (-timeout) and leaks are written to .build/fuzz/artifacts/<format>/; reproduce one with
#   .build/fuzz/importers-<format> <artifact file>
# Needs the Swift toolchain's libFuzzer runtime (libclang_rt.fuzzer, shipped with Swift on Linux).
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds="${1:-180}"
shift || true
formats=("$@")
[ ${#formats[@]} -gt 0 ] || formats=(recursiveDescription sentry xcuitest rrweb appium earlgrey idb maestro xctest-log jsonl)

out=.build/fuzz
tests=Tests/TouchlogFormatTests/Importers
# The importers read JSON with the format's own reader, so the JSON folder and the format's limits come along, and
# their timestamps with the calendar arithmetic in Dates/. The Appium importer reads XML with Foundation's
# XMLParser: FoundationXML (and libxml2) link in through the module's autolink entries, as in the package build.
# Importers build the schema's typed records, so TouchlogSchema (re-exported by TouchlogFormat.swift, as in the
# package) is built first as a library with the same instrumentation.
sources=(Sources/TouchlogFormat/TouchlogFormat.swift Sources/TouchlogFormat/FormatLimits.swift Sources/TouchlogFormat/StableHash.swift
         Sources/TouchlogFormat/Dates/*.swift Sources/TouchlogFormat/JSON/*.swift Sources/TouchlogFormat/Importers/*.swift
         Tests/Fuzz/ImporterFuzz.swift)
mkdir -p "$out"
build_schema() {
    # shellcheck disable=SC2046
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name TouchlogSchema -emit-module \
        -emit-library -static -emit-module-path "$out/TouchlogSchema.swiftmodule" \
        $(find Sources/TouchlogSchema -name '*.swift') -o "$out/libTouchlogSchema.a" 2>&1 \
        | { grep -v "Cannot export local symbol" || true; }
}
status=0
# Leaks in the toolchain's own libraries (listed, with why, in lsan.supp) are not the importers' to fix.
export LSAN_OPTIONS="suppressions=$PWD/Tests/Fuzz/lsan.supp:print_suppressions=0${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

flag_for() {
    case "$1" in
        recursiveDescription) echo "" ;;
        sentry) echo "-DFUZZ_SENTRY" ;;
        xcuitest) echo "-DFUZZ_XCUITEST" ;;
        rrweb) echo "-DFUZZ_RRWEB" ;;
        appium) echo "-DFUZZ_APPIUM" ;;
        earlgrey) echo "-DFUZZ_EARLGREY" ;;
        idb) echo "-DFUZZ_IDB" ;;
        maestro) echo "-DFUZZ_MAESTRO" ;;
        xctest-log) echo "-DFUZZ_XCTESTLOG" ;;
        *) echo "unknown format '$1': use recursiveDescription, sentry, xcuitest, rrweb, appium, earlgrey, idb, maestro, xctest-log or jsonl" >&2; exit 2 ;;
    esac
}

# The JSON Lines decoder is the whole TouchlogFormat module, which imports TouchlogSchema and ResponderCore (built
# first, as libraries with the same instrumentation) and zlib.
build_jsonl() {
    local binary="$1"
    build_schema
    # shellcheck disable=SC2046
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name ResponderCore -emit-module \
        -emit-library -static -emit-module-path "$out/ResponderCore.swiftmodule" -I "$out" -L "$out" \
        -lTouchlogSchema $(find Sources/ResponderCore -name '*.swift') -o "$out/libResponderCore.a" 2>&1 \
        | { grep -v "Cannot export local symbol" || true; }
    # shellcheck disable=SC2046
    swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name TouchlogFormat -I "$out" \
        -I Sources/CZlib -L "$out" -lResponderCore -lTouchlogSchema -lz $(find Sources/TouchlogFormat -name '*.swift') \
        Tests/Fuzz/LogDecoderFuzz.swift -o "$binary" 2>&1 | { grep -v "Cannot export local symbol" || true; }
}

for format in "${formats[@]}"; do
    if [ "$format" = jsonl ]; then
        binary="$out/decoder-jsonl"
        echo "== building $binary" >&2
        build_jsonl "$binary"
        corpus_dir=Tests/TouchlogFormatTests/Reading/Corpus
        work="$out/corpus/jsonl"
        mkdir -p "$work"
        cp sample-logs/*.jsonl Tests/TouchlogCLITests/Fixtures/*.jsonl "$work/"
    else
        flag=$(flag_for "$format")
        binary="$out/importers-$format"
        echo "== building $binary" >&2
        build_schema
        # shellcheck disable=SC2086
        swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name TouchlogFormat $flag \
            -I "$out" -L "$out" -lTouchlogSchema "${sources[@]}" -o "$binary" 2>&1 | { grep -v "Cannot export local symbol" || true; }
        corpus_dir="$tests/Corpus/$format"
        work="$out/corpus/$format"
        mkdir -p "$work"
        cp "$tests/Fixtures/$format/"* "$work/" 2>/dev/null || true
        # A format that imports only joined to a hierarchy has its fixtures in pairs: the stream of each is a seed.
        for stream in "$tests/Joined/$format-"*/touches.*; do
            [ -f "$stream" ] && cp "$stream" "$work/$(basename "$(dirname "$stream")").seed"
        done
    fi
    artifacts="$out/artifacts/$format"
    mkdir -p "$artifacts"
    cp "$corpus_dir/"* "$work/" 2>/dev/null || true

    echo "== fuzzing $format for ${seconds}s" >&2
    "$binary" "$work" -dict="Tests/Fuzz/$format.dict" -max_total_time="$seconds" -max_len=4096 \
        -timeout=5 -rss_limit_mb=2048 -artifact_prefix="$artifacts/" -print_final_stats=1 \
        || { echo "== $format: the fuzzer stopped on a crash, hang or leak: see $artifacts/" >&2; status=1; continue; }

    if [ "${UPDATE_CORPUS:-0}" = "1" ]; then
        minimised="$out/minimised/$format"
        rm -rf "$minimised" && mkdir -p "$minimised"
        # Edge coverage only (no hit counters) and a set-cover merge: the smallest set of inputs that still
        # reaches every edge the run reached, small enough to check in and replay in the test suite.
        "$binary" -set_cover_merge=1 -use_counters=0 "$minimised" "$work" -max_len=4096 -timeout=5 2>/dev/null
        rm -rf "${corpus_dir:?}" && mkdir -p "$corpus_dir"
        # libFuzzer names files by content hash; 16 hex digits are plenty to tell them apart.
        for file in "$minimised"/*; do
            cp "$file" "$corpus_dir/$(basename "$file" | cut -c1-16)"
        done
        echo "== $format: $(ls "$corpus_dir" | wc -l) corpus files kept" >&2
    fi
done
exit $status

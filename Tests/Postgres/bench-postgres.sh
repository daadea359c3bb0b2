#!/usr/bin/env bash
# `make bench-postgres`: touchlog against PostgreSQL, each figure next to its reference measured in the same run.
# Run it under Tests/Postgres/with-cluster.sh, which starts a throwaway cluster and exports TOUCHLOG_TEST_POSTGRES_URL.
#
#   1. Ingest of one INGEST_INPUT file (1,000,000 records) into an empty PostgreSQL database, against
#      - the floor: psql's `\copy` of the very rows touchlog stored (exported from touchlog's own database) into an
#        empty database with the same schema, in one transaction. That is the server's cost of the rows alone, with
#        no parsing, validation or hashing; target: touchlog at most 1.5x it;
#      - touchlog's ingest of the same file into SQLite.
#   2. `touchlog worker --exit-when-idle` replaying and analysing every session of WORKER_INPUT (1,000 sessions),
#      with 1, 2 and 4 workers at once, each count on its own copy of the same ingested database: sessions per
#      second against one worker, and how many sessions each worker took (each session analysed exactly once).
#   3. `touchlog report` on that input with nothing stored, against the same report once the workers are done (it
#      reads their results): the output must be byte-identical.
#
# Best of BENCH_RUNS runs for the ingests; fresh databases every run. The cluster's settings (fsync off) and the
# connection (the server's Unix socket) are the same for touchlog and for the floor.
set -euo pipefail

: "${TOUCHLOG_TEST_POSTGRES_SOCKET_URL:?run under Tests/Postgres/with-cluster.sh}"
touchlog=${TOUCHLOG:-.build/release/touchlog}
ingest_input=${INGEST_INPUT:?}
worker_input=${WORKER_INPUT:?}
runs=${BENCH_RUNS:-3}
out=${BENCH_DIR:-bench-out}/postgres
rm -rf "$out" && mkdir -p "$out"

# Through the server's Unix socket, for touchlog and psql alike: no TLS, no TCP, so both pay only for the rows.
server=${TOUCHLOG_TEST_POSTGRES_SOCKET_URL%/*}   # postgres://user@%2Fsocket%2Ffolder:port
export PGOPTIONS="-c client_min_messages=warning"   # no NOTICE for a database that was not there to drop
url() { echo "$server/$1"; }
admin() { psql -q -X -v ON_ERROR_STOP=1 "$(url postgres)" -c "$1" >/dev/null; }
fresh() { admin "DROP DATABASE IF EXISTS $1"; admin "CREATE DATABASE $1"; }
now() { date +%s.%N; }
elapsed() { awk -v s="$1" -v e="$2" 'BEGIN { printf "%.3f", e - s }'; }
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (b == "" || a + 0 < b + 0) ? a : b }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

records=$(wc -l <"$ingest_input" | tr -d ' ')
echo "== ingest of $ingest_input ($records lines), best of $runs"

# The floor's input: the rows touchlog stores for this file, in COPY's text format, and a script that creates
# touchlog's schema (its migrations' SQL, as touchlog runs them) and copies the rows in, in one transaction.
fresh bench_export
"$touchlog" ingest --quiet --db "$(url bench_export)" "$ingest_input"
for table in session record touch; do
    psql -q -X -v ON_ERROR_STOP=1 "$(url bench_export)" -c "\\copy $table TO '$out/$table.copy'"
done
admin "DROP DATABASE bench_export"
{
    cat migrations/postgres/*.sql
    for table in session record touch; do echo "\\copy $table FROM '$out/$table.copy'"; done
} >"$out/floor.sql"

best_touchlog=
best_floor=
best_sqlite=
for run in $(seq "$runs"); do
    fresh bench_ingest
    s=$(now)
    "$touchlog" ingest --quiet --db "$(url bench_ingest)" "$ingest_input"
    e=$(now)
    t=$(elapsed "$s" "$e")
    best_touchlog=$(min "$t" "$best_touchlog")

    fresh bench_floor
    s=$(now)
    psql -q -X -1 -v ON_ERROR_STOP=1 "$(url bench_floor)" -f "$out/floor.sql" >/dev/null
    e=$(now)
    f=$(elapsed "$s" "$e")
    best_floor=$(min "$f" "$best_floor")

    rm -f "$out"/bench.sqlite*
    s=$(now)
    "$touchlog" ingest --quiet --db "$out/bench.sqlite" "$ingest_input"
    e=$(now)
    q=$(elapsed "$s" "$e")
    best_sqlite=$(min "$q" "$best_sqlite")
    echo "  run $run: touchlog into PostgreSQL ${t}s, psql \\copy floor ${f}s, touchlog into SQLite ${q}s"
done
admin "DROP DATABASE bench_ingest"
admin "DROP DATABASE bench_floor"
rm -f "$out"/*.copy "$out"/bench.sqlite*
echo "ingest into PostgreSQL: ${best_touchlog}s; psql \\copy floor: ${best_floor}s; ratio $(ratio "$best_touchlog" "$best_floor")x (target <= 1.5x)"
echo "ingest into SQLite: ${best_sqlite}s; PostgreSQL against SQLite: $(ratio "$best_touchlog" "$best_sqlite")x"

sessions=$(grep -c '"type":"session"' "$worker_input" || true)
echo "== workers over $worker_input ($sessions sessions)"
fresh bench_workers
"$touchlog" ingest --quiet --db "$(url bench_workers)" "$worker_input"
one=
for workers in 1 2 4; do
    # Each count starts from the same database with nothing analysed: a copy of the ingested one.
    db=bench_workers_$workers
    admin "DROP DATABASE IF EXISTS $db"
    admin "CREATE DATABASE $db TEMPLATE bench_workers"
    pids=()
    s=$(now)
    for n in $(seq "$workers"); do
        "$touchlog" worker --db "$(url "$db")" --exit-when-idle --quiet >"$out/worker-$workers-$n.out" 2>&1 &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid"; done
    e=$(now)
    t=$(elapsed "$s" "$e")
    rate=$(awk -v n="$sessions" -v t="$t" 'BEGIN { printf "%.1f", n / t }')
    [ -n "$one" ] || one=$rate
    # Each worker's summary line says how many sessions it analysed; every session must be analysed exactly once.
    taken=$(for n in $(seq "$workers"); do awk '/^analysed [0-9]+ session/ { print $2 }' "$out/worker-$workers-$n.out"; done | tr '\n' ' ')
    stored=$(psql -q -X -A -t "$(url "$db")" -c "SELECT count(*) FROM analysis_result")
    [ "$stored" -eq "$sessions" ] || { echo "bench-postgres: $stored results stored for $sessions sessions" >&2; exit 1; }
    echo "$workers worker(s): ${t}s, $rate sessions/s, $(ratio "$rate" "$one")x one worker; sessions per worker: $taken"
done

# What the workers' results are for: report reads them instead of replaying. The same report, with nothing stored
# (it replays every session itself) and after the workers (it reads what they stored).
s=$(now)
"$touchlog" report --db "$(url bench_workers)" --format json >"$out/report-alone.json"
e=$(now)
alone=$(elapsed "$s" "$e")
s=$(now)
"$touchlog" report --db "$(url bench_workers_4)" --format json >"$out/report-stored.json"
e=$(now)
stored=$(elapsed "$s" "$e")
cmp -s "$out/report-alone.json" "$out/report-stored.json" || {
    echo "bench-postgres: the report read from stored results differs from the report replayed" >&2
    exit 1
}
echo "report with nothing stored: ${alone}s; after the workers: ${stored}s ($(ratio "$stored" "$alone")x); same output"
for workers in 1 2 4; do admin "DROP DATABASE bench_workers_$workers"; done
admin "DROP DATABASE bench_workers"

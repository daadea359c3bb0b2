#!/usr/bin/env python3
"""Load and fault figures for touchlog ingest (`make stress`; not part of `make test`).

1. Concurrent ingesters: 8 processes, 100 files each, into one database, first a new one, then the same
   (existing) one again with 100 new files each. Every record must be stored exactly once, each file whole, and
   `PRAGMA integrity_check` must say ok.
2. Kills: 100 ingests of a large file killed with SIGKILL at a random moment, each followed by a check that the
   database is consistent (integrity ok, every stored session complete: its record and touch counts match its
   rows) and a re-ingest of the same file; at the end every session is stored once.

Prints the figures; exits 1 on the first inconsistency.
"""
import argparse, os, random, signal, sqlite3, subprocess, sys, tempfile, time

def session_file(path, sid, touches):
    with open(path, "w") as out:
        out.write('{"type":"session","format":"touchlog/1","session":"%s"}\n' % sid)
        out.write('{"type":"snapshot","t":0,"windows":[{"id":"w1","class":"UIWindow","frame":[0,0,393,852],'
                  '"subviews":[{"id":"root","class":"UIView","frame":[0,0,393,852]}]}]}\n')
        for k in range(touches):
            phase = "began" if k % 2 == 0 else "ended"
            out.write('{"type":"touch","t":%.3f,"touch":%d,"phase":"%s","x":%d.5,"y":%d,"window":"w1"}\n'
                      % (k / 100, k // 2, phase, k % 393, k % 852))
    return touches + 2

def check(db, expected=None):
    """Integrity, and every stored session whole: its counts match its rows. Returns {session key: records}."""
    con = sqlite3.connect("file:%s?mode=ro" % db, uri=True)
    try:
        ok = con.execute("PRAGMA integrity_check").fetchone()[0]
        if ok != "ok":
            sys.exit("integrity_check: %s" % ok)
        sessions = {}
        for rowid, key, records, touches in con.execute(
                "SELECT id, session_key, record_count, touch_count FROM session"):
            low, high = rowid << 32, (rowid + 1) << 32
            stored_touches = con.execute("SELECT count(*) FROM touch WHERE key >= ? AND key < ?", (low, high)).fetchone()[0]
            stored_others = con.execute("SELECT count(*) FROM record WHERE key >= ? AND key < ?", (low, high)).fetchone()[0]
            if stored_touches != touches or stored_touches + stored_others != records:
                sys.exit("session %s: header says %d records (%d touches), rows hold %d + %d"
                         % (key, records, touches, stored_touches, stored_others))
            if key in sessions:
                sys.exit("session %s stored twice" % key)
            sessions[key] = records
        if expected is not None and sessions != expected:
            missing = set(expected) - set(sessions)
            sys.exit("sessions differ: %d stored, %d expected, missing %s" % (len(sessions), len(expected), sorted(missing)[:5]))
        return sessions
    finally:
        con.close()

def concurrent(touchlog, folder, writers, files, touches):
    db = os.path.join(folder, "concurrent.sqlite")
    expected = {}
    for round_name in ("new database", "existing database"):
        inputs = []
        for w in range(writers):
            paths = []
            for f in range(files):
                sid = "%s-w%d-f%d" % (round_name.split()[0], w, f)
                path = os.path.join(folder, sid + ".jsonl")
                expected[sid] = session_file(path, sid, touches)
                paths.append(path)
            inputs.append(paths)
        start = time.time()
        procs = [subprocess.Popen([touchlog, "ingest", "--quiet", "--db", db] + paths,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE) for paths in inputs]
        failures = [(p.wait(), p.stderr.read().decode()) for p in procs]
        seconds = time.time() - start
        for status, err in failures:
            if status != 0:
                sys.exit("an ingester failed (%d): %s" % (status, err[:500]))
        check(db, expected)
        print("concurrent ingest, %s: %d writers x %d files (%d records) in %.1f s; every record stored once, integrity ok"
              % (round_name, writers, files, writers * files * (touches + 2), seconds))

def kills(touchlog, folder, count, touches, seed):
    rng = random.Random(seed)
    db = os.path.join(folder, "killed.sqlite")
    big = os.path.join(folder, "big.jsonl")
    records = session_file(big, "big", touches)
    # How long a whole ingest takes, to kill at random moments within it.
    start = time.time()
    subprocess.run([touchlog, "ingest", "--quiet", "--db", os.path.join(folder, "timing.sqlite"), big], check=True)
    full = time.time() - start
    killed_mid_file = 0
    expected = {}
    for k in range(count):
        small = os.path.join(folder, "small-%d.jsonl" % k)
        expected["small-%d" % k] = session_file(small, "small-%d" % k, 20)
        proc = subprocess.Popen([touchlog, "ingest", "--quiet", "--db", db, small, big],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(rng.uniform(0, full * 0.9))
        if proc.poll() is None:
            killed_mid_file += 1
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        stored = check(db)
        if "big" in stored and stored["big"] != records:
            sys.exit("the big session is stored incomplete after a kill")
        # Re-ingest: idempotent, completes what the kill interrupted.
        subprocess.run([touchlog, "ingest", "--quiet", "--db", db, small, big], check=True)
        expected["big"] = records
        check(db, expected)
    print("kills: %d ingests killed with SIGKILL at random moments (%d while running); after each the database was "
          "consistent and the re-ingest completed it; %d sessions stored once" % (count, killed_mid_file, len(expected)))

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--touchlog", default=".build/release/touchlog")
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--files", type=int, default=100)
    parser.add_argument("--touches", type=int, default=2000, help="touch records per file of the concurrent test")
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--big", type=int, default=300000, help="touch records in the file the kill test interrupts")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="touchlog-stress-") as folder:
        concurrent(args.touchlog, folder, args.writers, args.files, args.touches)
        kills(args.touchlog, folder, args.kills, args.big, args.seed)

if __name__ == "__main__":
    main()

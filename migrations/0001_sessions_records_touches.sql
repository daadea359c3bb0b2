-- touchlog schema, version 1: recorded sessions and their records.
--
-- A session's records are split in two tables: touches, which are most records, in typed columns; every
-- other record as its JSON text. seq is the record's line number within the session (1 = the header).
--
-- Both tables are keyed by one integer, key = session_id * 2^32 + seq, exposed as the virtual columns
-- session_id and seq. A session's rows are then one contiguous rowid range in seq order: reading a session
-- is a merge of two range scans, deleting one is a range delete, and ingest appends at the end of the
-- b-tree (session ids and seqs only grow), which SQLite does without a key search. A WITHOUT ROWID table
-- keyed (session_id, seq) spent ~10% of the inserting thread comparing keys. Queries should filter on
-- key ranges: key BETWEEN session_id * 4294967296 AND session_id * 4294967296 + 4294967295.
-- The bulk tables carry no foreign keys: the store deletes a session's rows itself, and a parent lookup
-- per inserted row would slow ingest for no gain.

CREATE TABLE session (
    id             INTEGER PRIMARY KEY,
    session_key    TEXT NOT NULL UNIQUE,   -- the header's "session" id
    format         TEXT NOT NULL,          -- "touchlog/1"
    started_at     TEXT,                   -- the header's "startedAt", ISO 8601 as recorded
    app_id         TEXT,
    app_version    TEXT,
    app_build      TEXT,
    device_model   TEXT,
    device_system  TEXT,
    header_json    TEXT NOT NULL,          -- the whole header, unknown fields included
    source         TEXT NOT NULL,          -- the file it came from ("-" for stdin)
    header_line    INTEGER NOT NULL,       -- line of the header in that file
    content_hash   TEXT NOT NULL,          -- hash of the session's lines, for idempotent ingest
    record_count   INTEGER NOT NULL,       -- stored records, header included
    touch_count    INTEGER NOT NULL,
    unknown_count  INTEGER NOT NULL,       -- records whose type touchlog/1 does not define
    rejected_count INTEGER NOT NULL,       -- lines kept in rejected_line (--keep-going)
    duration       REAL,                   -- t of the last record, seconds
    status         TEXT NOT NULL CHECK (status IN ('complete', 'truncated', 'partial')),
    text_kept      INTEGER NOT NULL CHECK (text_kept IN (0, 1)),  -- 1: ingested with --keep-text
    ingested_at    TEXT NOT NULL           -- UTC, ISO 8601
);
CREATE INDEX session_by_app_version ON session (app_id, app_version);
CREATE INDEX session_by_start ON session (started_at);

CREATE TABLE touch_phase (
    code INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
INSERT INTO touch_phase (code, name) VALUES
    (0, 'began'), (1, 'moved'), (2, 'stationary'), (3, 'ended'), (4, 'cancelled');

-- Every record that is not a touch, including the session header (seq 1) and unknown types.
CREATE TABLE record (
    key        INTEGER PRIMARY KEY,        -- session_id * 2^32 + seq
    session_id INTEGER GENERATED ALWAYS AS (key >> 32) VIRTUAL,
    seq        INTEGER GENERATED ALWAYS AS (key & 4294967295) VIRTUAL,
    type       TEXT NOT NULL,
    t          REAL,
    json       TEXT NOT NULL               -- as written, or re-serialized when text was redacted
);

CREATE TABLE touch (
    key        INTEGER PRIMARY KEY,        -- session_id * 2^32 + seq
    session_id INTEGER GENERATED ALWAYS AS (key >> 32) VIRTUAL,
    seq        INTEGER GENERATED ALWAYS AS (key & 4294967295) VIRTUAL,
    t          REAL NOT NULL,
    touch      NOT NULL,                   -- no declared type: an integer or a string, kept as written
    phase      INTEGER NOT NULL,           -- touch_phase.code
    x          REAL NOT NULL,
    y          REAL NOT NULL,
    window     TEXT,
    tap_count  INTEGER,
    event      INTEGER,
    view       TEXT,                       -- the observed hit-test view
    raw_json   TEXT                        -- the line, only when it has members beyond these columns
);

-- Lines refused by validation and kept by --keep-going, so nothing recorded is lost.
CREATE TABLE rejected_line (
    id          INTEGER PRIMARY KEY,
    session_id  INTEGER REFERENCES session (id) ON DELETE CASCADE,  -- NULL outside any valid session
    source      TEXT NOT NULL,
    line        INTEGER NOT NULL,
    col         INTEGER NOT NULL,
    reason      TEXT NOT NULL,
    text        TEXT NOT NULL,
    ingested_at TEXT NOT NULL
);
CREATE INDEX rejected_line_by_session ON rejected_line (session_id);

-- touchlog schema, version 2: stored replay runs, so `touchlog report` queries them instead of replaying again.
--
-- A run is one replay of one session with one set of options (policy changes, trust). It is stale, and replayed
-- again on demand, when the model version, the touchlog version or the session's content hash differs from what
-- it records. Its rows are keyed (run_id, seq[, ordinal]) where seq is the input record's line in the session
-- (1 = the header), the trace's seq. Runs go with their session (ON DELETE CASCADE), e.g. on ingest --replace.
-- created_at is for people inspecting the database; nothing touchlog prints depends on it.

CREATE TABLE replay_run (
    id               INTEGER PRIMARY KEY,
    session_id       INTEGER NOT NULL REFERENCES session (id) ON DELETE CASCADE,
    policies         TEXT NOT NULL,      -- canonical policy changes, e.g. "+resign-on-hide -tap-to-dismiss"; "" as recorded
    trust            TEXT NOT NULL CHECK (trust IN ('model', 'observed')),
    touchlog_version TEXT NOT NULL,
    model_version    INTEGER NOT NULL,   -- ResponderCoreInfo.modelVersion
    content_hash     TEXT NOT NULL,      -- session.content_hash when replayed
    step_count       INTEGER NOT NULL,   -- input records replayed (trace lines)
    divergence_count INTEGER NOT NULL,
    warning_count    INTEGER NOT NULL,
    created_at       TEXT NOT NULL,      -- UTC, ISO 8601
    UNIQUE (session_id, policies, trust)
);

-- One row per input record: the trace line, and the per-event facts the report rules read.
CREATE TABLE replay_step (
    run_id                 INTEGER NOT NULL REFERENCES replay_run (id) ON DELETE CASCADE,
    seq                    INTEGER NOT NULL,
    t                      REAL NOT NULL,
    type                   TEXT NOT NULL,      -- the input record's type
    touch                  TEXT,               -- touches: the touch id as text
    phase                  TEXT,               -- touches: began, moved, stationary, ended, cancelled
    x                      REAL,               -- touches that began: the screen point
    y                      REAL,
    view                   TEXT,               -- touches: the view the model bound it to
    hit_view               TEXT,               -- touches that began: the model's hit test
    observed_view          TEXT,               -- touches that began: the recorded view
    observed_view_hidden   INTEGER,            -- 1 when the recorded view (or an ancestor) was hidden or alpha < 0.01
    first_responder        TEXT,               -- the key window's first responder after the event
    first_responder_hidden INTEGER NOT NULL,
    fr_x REAL, fr_y REAL, fr_width REAL, fr_height REAL,  -- its screen frame
    keyboard_visible       INTEGER NOT NULL,
    key_receiver           TEXT,               -- key events: who received the text
    key_receiver_hidden    INTEGER NOT NULL,
    divergence_count       INTEGER NOT NULL,
    trace_json             TEXT NOT NULL,      -- the --format jsonl line
    PRIMARY KEY (run_id, seq)
) WITHOUT ROWID;

CREATE TABLE replay_divergence (
    run_id          INTEGER NOT NULL REFERENCES replay_run (id) ON DELETE CASCADE,
    seq             INTEGER NOT NULL,       -- the input record the divergence belongs to
    ordinal         INTEGER NOT NULL,
    kind            TEXT NOT NULL,          -- hitView, firstResponder, keyboard, sent, unobservedAction, snapshot*
    view            TEXT,
    field           TEXT,
    expected_json   TEXT NOT NULL,          -- the model's value, JSON
    observed_json   TEXT NOT NULL,          -- the recording's value, JSON
    observation_seq INTEGER,                -- the observation record's line, when one caused it
    PRIMARY KEY (run_id, seq, ordinal)
) WITHOUT ROWID;
CREATE INDEX replay_divergence_by_kind ON replay_divergence (kind);

-- Actions the model dispatched (target NULL: nobody handled it, the unhandled_action rule).
CREATE TABLE replay_action (
    run_id         INTEGER NOT NULL REFERENCES replay_run (id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL,
    ordinal        INTEGER NOT NULL,
    action         TEXT NOT NULL,
    target         TEXT,
    sender         TEXT,
    PRIMARY KEY (run_id, seq, ordinal)
) WITHOUT ROWID;

-- First-responder changes with their reason (tap, policy:NAME, becomeFirstResponder, snapshot, ...).
CREATE TABLE replay_first_responder_change (
    run_id    INTEGER NOT NULL REFERENCES replay_run (id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    ordinal   INTEGER NOT NULL,
    window    TEXT NOT NULL,
    from_view TEXT,
    to_view   TEXT,
    reason    TEXT NOT NULL,
    PRIMARY KEY (run_id, seq, ordinal)
) WITHOUT ROWID;

-- Touches taken from their view (the swallowed_tap rule: cause is the recognizer id).
CREATE TABLE replay_cancellation (
    run_id         INTEGER NOT NULL REFERENCES replay_run (id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL,
    ordinal        INTEGER NOT NULL,
    touch          TEXT NOT NULL,
    view           TEXT NOT NULL,
    view_class     TEXT NOT NULL,           -- the nearest UIKit class (UIButton, UITableViewCell, ...)
    cause          TEXT NOT NULL,           -- a recognizer id, viewRemoved or recordedCancel
    view_had_begun INTEGER NOT NULL,
    PRIMARY KEY (run_id, seq, ordinal)
) WITHOUT ROWID;

-- Controls a touch or a snapshot did not reach: kind 'blocked' (a touch that began inside the control's screen
-- frame, the blocked_tap rule) or 'unreachable' (no screen point reaches a visible enabled control, after a
-- snapshot: the unreachable_control rule). reason and blocker come from the hit-test explanation.
CREATE TABLE replay_control_reach (
    run_id      INTEGER NOT NULL REFERENCES replay_run (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    ordinal     INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('blocked', 'unreachable')),
    control     TEXT NOT NULL,
    reason      TEXT NOT NULL,
    blocker     TEXT,
    hit_view    TEXT,
    explanation TEXT NOT NULL,
    PRIMARY KEY (run_id, seq, ordinal)
) WITHOUT ROWID;

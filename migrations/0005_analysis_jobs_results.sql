-- touchlog schema, version 5: what `touchlog worker` stores, and the queue it takes sessions from.
--
-- A session's analysis (the findings every rule the configuration runs gives it, or why it could not be
-- replayed) depends on the analysis fingerprint: the model's and touchlog's versions, the rules with their
-- severities and thresholds, whether scenes are kept. A result is kept per session and fingerprint; a report
-- uses only the results of its own fingerprint, so a changed configuration never reads stale findings.
--
-- analysis_job is the queue: a row per session and fingerprint still to analyse. A worker claims one by
-- writing its name and a lease expiry; a worker that dies loses the lease when it expires and another takes
-- the job. The result's insert and the job's deletion are one transaction, and the primary key makes a second
-- result for the same session and fingerprint impossible.
--
-- Both are removed with their session by the store (SessionRows), as the bulk tables are.

CREATE TABLE analysis_result (
    session_id  INTEGER NOT NULL,          -- session.id
    fingerprint TEXT NOT NULL,             -- the analysis fingerprint (a hash; see AnalysisFingerprint)
    outcome     BLOB NOT NULL,             -- the findings or the replay error, as compact JSON, zlib-compressed
                                           -- after its 4-byte little-endian length (StoredText)
    PRIMARY KEY (session_id, fingerprint)
);                                         -- a rowid table: SQLite keeps rows of kilobytes better out of its key

CREATE TABLE analysis_job (
    session_id    INTEGER NOT NULL,        -- session.id
    fingerprint   TEXT NOT NULL,
    lease_owner   TEXT,                    -- the worker holding it, NULL while nobody does
    lease_expires REAL,                    -- seconds since 1970 (UTC) when the lease lapses
    attempts      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (session_id, fingerprint)
) WITHOUT ROWID;

-- touchlog schema, version 2 (PostgreSQL): what `touchlog worker` stores, and the queue it takes sessions from.
-- The SQLite migration 0005_analysis_jobs_results explains the tables; here both reference their session, so
-- deleting a session removes them too, and lease times are the server's clock (one clock for every machine).

CREATE TABLE analysis_result (
    session_id  bigint NOT NULL REFERENCES session (id) ON DELETE CASCADE,
    fingerprint text COLLATE "C" NOT NULL,
    outcome     bytea NOT NULL,        -- compact JSON, zlib-compressed after its length (StoredText)
    PRIMARY KEY (session_id, fingerprint)
);

CREATE TABLE analysis_job (
    session_id    bigint NOT NULL REFERENCES session (id) ON DELETE CASCADE,
    fingerprint   text COLLATE "C" NOT NULL,
    lease_owner   text,
    lease_expires timestamptz,
    attempts      integer NOT NULL DEFAULT 0,
    PRIMARY KEY (session_id, fingerprint)
);
CREATE INDEX analysis_job_by_fingerprint ON analysis_job (fingerprint, lease_expires);

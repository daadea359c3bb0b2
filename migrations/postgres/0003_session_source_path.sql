-- touchlog schema, version 3 (PostgreSQL): the recording's absolute path, beside the path as given to
-- `touchlog ingest`. The SQLite migration 0006_session_source_path explains it; NULL for standard input and for
-- sessions stored before this version.

ALTER TABLE session ADD COLUMN source_path text;

-- touchlog schema, version 4: whether a session's labels were replaced by tokens at ingest (--redact-labels).
--
-- Beside text_kept, so that whoever reads a session knows what its records can hold: a label such as
-- "label#06049f84" is a token ingest made, not what the app showed. Sessions stored before this version were
-- stored with their labels as recorded (0).

ALTER TABLE session ADD COLUMN labels_redacted INTEGER NOT NULL DEFAULT 0 CHECK (labels_redacted IN (0, 1));

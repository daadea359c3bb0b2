-- touchlog schema, version 6: the recording's absolute path, beside the path as given to `touchlog ingest`.
--
-- source keeps what was typed (what people read in the text, Markdown and HTML reports); source_path is the same
-- file resolved against the folder ingest ran in, so the CI formats (xcode, sarif, github, gitlab) can name it
-- relative to another folder (`touchlog report --base-path`) when the report runs elsewhere than the ingest, as a
-- CI job's separate steps do. NULL for standard input, and for sessions stored before this version (reports then
-- print source as before).

ALTER TABLE session ADD COLUMN source_path TEXT;

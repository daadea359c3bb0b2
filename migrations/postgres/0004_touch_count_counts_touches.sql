-- touchlog schema, version 4 (PostgreSQL): session.touch_count counts touches as people do, one per finger-down
-- (`began`), no longer touch records. The SQLite migration 0007_touch_count_counts_touches explains it.

UPDATE session SET touch_count = (
    SELECT count(*) FROM touch
    WHERE touch.key BETWEEN session.id * 4294967296 AND session.id * 4294967296 + 4294967295 AND touch.phase = 0
);

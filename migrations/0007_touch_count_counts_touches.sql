-- touchlog schema, version 7: session.touch_count counts touches as people do, finger-down to finger-up (one per
-- `began` record: a tap is one touch), no longer touch records (a tap was two, a drag one per move). Ingest counts
-- this way from this version on; sessions stored before it are counted again from their touch rows.

UPDATE session SET touch_count = (
    SELECT count(*) FROM touch
    WHERE touch.key BETWEEN session.id * 4294967296 AND session.id * 4294967296 + 4294967295 AND touch.phase = 0
);

-- touchlog schema, version 3: stored replay runs are gone.
--
-- Measured on 1,000 sessions: a report over stored runs was no faster than replaying in memory, storing a run cost
-- about as much as the rest of the first report, and the runs grew the database about elevenfold. Replay now streams
-- typed records through the model and the rules watch it as it goes, so nothing of a replay is kept: a report
-- reads the records (and nothing else) and the database stays the size ingest made it.

DROP TABLE IF EXISTS replay_control_reach;
DROP TABLE IF EXISTS replay_cancellation;
DROP TABLE IF EXISTS replay_first_responder_change;
DROP TABLE IF EXISTS replay_action;
DROP TABLE IF EXISTS replay_divergence;
DROP TABLE IF EXISTS replay_step;
DROP TABLE IF EXISTS replay_run;

-- A user's contract runs not yet finished: the ones waiting their turn in the engine (a user's
-- runs execute one at a time) and the one under way. Read when a run starts (the cap on runs
-- waiting) and when one finishes (which of the user's runs goes next).
create index test_runs_contract_waiting_idx on test_runs (user_id, created_at, id)
  where status = 'running' and contract_hash is not null;

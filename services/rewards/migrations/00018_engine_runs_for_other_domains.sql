-- Engine runs for other domains (issue 28): a bounty's proof, a project's code check and the
-- re-check of an approved proof after a fix run in rewards' engine workers as contract runs of
-- the user they are for, in that user's turns, under their daily test limit (a re-check aside).
-- Another domain starts one with the published rewards.start_engine_run inside its own
-- transaction, reads it through the view rewards.engine_runs, and hears it finish on the NOTIFY
-- channel rewards_engine_run_finished (services/rewards/README.md, "Published SQL functions").
--
-- pg-boss's queue lives in rewards_jobs, which no SQL function can enqueue into, so a run whose
-- turn is now is marked job_wanted (a transactional outbox) and NOTIFY rewards_engine_run_wanted
-- wakes rewards' drainer (src/domain/engine-run-outbox.ts), which enqueues its job and clears it.

-- 'test': the user's own run on the Testing Engine; the others are started by another domain.
alter table test_runs
  add column purpose text not null default 'test' check (purpose in ('test', 'proof', 'code_check', 'recheck')),
  -- The run's turn came but its job is not enqueued yet (the outbox).
  add column job_wanted boolean not null default false,
  -- Another domain's run is a suite, and earns nothing.
  add constraint test_runs_engine_run_shape check (purpose = 'test' or (contract_sources is not null and gas_check is null));

create index test_runs_job_wanted_idx on test_runs (id) where job_wanted;

-- Another domain's runs have no gas history: the suite key (00017) is the Testing Engine's own.
drop index test_runs_suite_idx;
alter table test_runs drop column suite_key;
alter table test_runs
  add column suite_key text generated always as (case when purpose = 'test' then gas_suite_key(test_type, network, result) end) stored;
create index test_runs_suite_idx on test_runs (user_id, suite_key, completed_at desc, id desc) where suite_key is not null;

-- function tests_today: services/rewards/published/tests_today.sql

-- function _admit_test_run: services/rewards/published/_admit_test_run.sql

-- function suite_hash: services/rewards/published/suite_hash.sql

-- function start_engine_run: services/rewards/published/start_engine_run.sql

-- view engine_runs: services/rewards/published/engine_runs.sql

-- function _finish_test_run: services/rewards/published/_finish_test_run.sql

-- The gas history of a suite (issue 27 §3): each finished contract run's suite key, kept from its
-- result by gas_suite_key (00016), so "the last 20 finished runs of this suite" is one index range.
alter table test_runs
  add column suite_key text generated always as (gas_suite_key(test_type, network, result)) stored,
  -- A run's gas check as asked at its start, thresholds resolved: {"pct": 1, "gas": 500}. The run
  -- fails when a test or function costs more than that above the suite's last completed run.
  add column gas_check jsonb
    check (gas_check is null or (jsonb_typeof(gas_check -> 'pct') = 'number' and jsonb_typeof(gas_check -> 'gas') = 'number')),
  add check (gas_check is null or contract_hash is not null);

create index test_runs_suite_idx on test_runs (user_id, suite_key, completed_at desc, id desc) where suite_key is not null;

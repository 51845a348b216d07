-- Which runs are "the same suite" for the gas history (issue 27 §3; services/rewards/README.md,
-- "Gas history"): the user's runs of one test type on one network (the network's hardfork sets
-- the gas rules) of the same set of file names for a suite, or of the same contract name for a
-- one-file run. Names survive edits: the sources change, the key does not. Null for a run that
-- measured no gas (nothing compiled, no test ran, a run without a contract): it has no history.
-- Immutable, as the generated column test_runs.suite_key that reads it must be; it never raises
-- (a result of another shape has no key), so it cannot stop a run from finishing.
-- It stays here, not in published/: a stored generated column keeps what the function answered
-- when each row was written, so changing the rule is a migration that rewrites the column too.
create function gas_suite_key(_test_type text, _network text, _result jsonb) returns text
language sql immutable parallel safe
set search_path = pg_catalog
as $$
  -- Nested cases, not and: only case fixes the order of evaluation, and jsonb_array_length raises
  -- on anything but an array.
  select case
    when jsonb_typeof(_result) is distinct from 'object' or jsonb_typeof(_result -> 'functions') is distinct from 'array' then null
    when jsonb_typeof(_result -> 'suite') = 'object' then
      case
        when jsonb_typeof(_result -> 'suite' -> 'files') is distinct from 'array'
          or jsonb_typeof(_result -> 'suite' -> 'deployments') is distinct from 'array' then null
        when jsonb_array_length(_result -> 'functions') > 0 or jsonb_array_length(_result -> 'suite' -> 'deployments') > 0 then
          _test_type || '/' || _network || '/files:'
            || (select string_agg(f #>> '{}', ',' order by f #>> '{}' collate "C") from jsonb_array_elements(_result -> 'suite' -> 'files') f)
      end
    when _result ->> 'contract_name' is null then null
    when jsonb_array_length(_result -> 'functions') > 0 or jsonb_typeof(_result -> 'deployment') = 'object' then
      _test_type || '/' || _network || '/contract:' || (_result ->> 'contract_name')
  end
$$;

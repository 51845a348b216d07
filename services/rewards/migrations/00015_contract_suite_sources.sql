-- A run may carry a suite (issue 27): several named Solidity files, the contracts under test and
-- their tests, instead of one pasted file. contract_hash covers the files' names and contents, so
-- the user's turns and "the same contract" (gas against the last run) hold for suites too.

alter table test_runs
  -- [{ "name": "src/Vault.sol", "content": "..." }, ...]: at most 16 files, 256 KiB of content in
  -- all, as the API checks first; the bound here is the API's with room for the names.
  add column contract_sources jsonb check (
    contract_sources is null or (jsonb_typeof(contract_sources) = 'array' and jsonb_array_length(contract_sources) between 1 and 16
      and octet_length(contract_sources::text) <= 6 * 262144 + 16384)
  );

-- A contract run has one file or a suite, never both; its hash is set exactly when it has either.
do $$
declare
  v_name text;
begin
  select conname into v_name from pg_constraint
  where conrelid = 'test_runs'::regclass and contype = 'c'
    and pg_get_constraintdef(oid) like '%(contract_source IS NULL) = (contract_hash IS NULL)%';
  execute format('alter table test_runs drop constraint %I', v_name);
end;
$$;
alter table test_runs add constraint test_runs_contract_one_form
  check ((contract_hash is null) = (contract_source is null and contract_sources is null) and (contract_source is null or contract_sources is null));

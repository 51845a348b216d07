-- A run may carry the user's own Solidity contract: the engine compiles and runs it on an EVM
-- (packages/contract-engine) instead of drawing the outcome. A run without one is the spec's run.

alter table test_runs
  -- The source as the user sent it (64 KiB at most, as the API checks first).
  add column contract_source text check (octet_length(contract_source) <= 65536),
  -- SHA-256 of the source: "the same contract" when comparing gas with the user's last run.
  add column contract_hash text check (contract_hash ~ '^[0-9a-f]{64}$'),
  -- For a `transaction` run: the function and its arguments.
  add column contract_call jsonb,
  -- The engine's result (per function: outcome, gas, revert reason; compiler errors; findings).
  add column result jsonb,
  add check ((contract_source is null) = (contract_hash is null)),
  add check (contract_call is null or contract_hash is not null),
  -- A contract run has its result once it finished, never while it runs.
  add check (contract_hash is null or (status = 'running') = (result is null));

-- The spec's runs carry chain facts when completed; a contract run carries its real gas and result
-- instead (the EVM it ran on is the engine's own, so there is no transaction hash or block).
do $$
declare
  v_name text;
begin
  select conname into v_name from pg_constraint
  where conrelid = 'test_runs'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%tx_hash IS NOT NULL%';
  execute format('alter table test_runs drop constraint %I', v_name);
end;
$$;
alter table test_runs add constraint test_runs_chain_facts
  check (contract_hash is not null or (status = 'completed') = (tx_hash is not null and gas_used is not null and block_number is not null));
alter table test_runs add constraint test_runs_contract_gas check (contract_hash is null or tx_hash is null);

-- The user's last finished run of the same contract and test type (gas change per function).
create index test_runs_same_contract_idx on test_runs (user_id, contract_hash, test_type, completed_at desc)
  where contract_hash is not null and status <> 'running';

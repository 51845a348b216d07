-- Another domain's runs of the engine, as it reads them: the result is the engine's
-- (ContractRunResult in @starforge/contracts), null while running.
create or replace view engine_runs as
  select id, user_id, purpose, test_type, status, result, created_at, completed_at
  from test_runs
  where purpose <> 'test';

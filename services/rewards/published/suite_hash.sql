-- The hash of a suite's files, as rewards' suiteHash (src/domain/contract-runs.ts) computes it:
-- SHA-256 of 'suite:' and the JSON of [[name, content], ...] in name order. A test compares the two.
create or replace function suite_hash(p_sources jsonb) returns text
language sql immutable
set search_path = pg_catalog
as $$
  select encode(sha256(convert_to(
    'suite:[' || string_agg('[' || to_json(s ->> 'name')::text || ',' || to_json(s ->> 'content')::text || ']', ',' order by s ->> 'name' collate "C") || ']',
    'UTF8')), 'hex')
  from jsonb_array_elements(p_sources) s
$$;

-- The service's own: checks the arguments of award_points, credit_cash and debit_cash (a bad
-- kind, key or source is the caller's bug, zero amount or not); a negative or null amount is
-- refused (22023). A zero amount moves nothing: the callers answer false for it and write nothing
-- (no account, no ledger row, no event), so a 0 % royalty or a $0 bounty needs no special case.
create or replace function _check_call(p_amount bigint, p_description text, p_source jsonb, p_key text) returns void
language plpgsql
set search_path = rewards, pg_catalog, pg_temp
as $$
begin
  if p_amount is null or p_amount < 0 then
    raise exception 'rewards: the amount must be zero or positive, got %', p_amount using errcode = '22023';
  end if;
  if p_key is null or char_length(p_key) not between 1 and 255 then
    raise exception 'rewards: a key of 1 to 255 characters is required' using errcode = '22023';
  end if;
  if p_description is null or char_length(p_description) not between 1 and 500 then
    raise exception 'rewards: a description of 1 to 500 characters is required' using errcode = '22023';
  end if;
  if p_source is not null and jsonb_typeof(p_source) <> 'null'
     and (jsonb_typeof(p_source) <> 'object' or p_source ->> 'type' is null or p_source ->> 'id' is null) then
    raise exception 'rewards: source must be {"type", "id"} or null' using errcode = '22023';
  end if;
end;
$$;

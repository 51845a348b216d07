-- The tier FORGE holdings reach: the highest whose required_tokens <= tokens, else the first.
-- These two have no `set search_path` (that would keep the planner from inlining them into
-- GET /summary's one statement); every name in them is schema-qualified or pg_catalog's instead.
create or replace function tier_for(p_tokens bigint) returns setof rewards.subscription_tiers
language sql stable
as $$
  select * from rewards.subscription_tiers
  order by (required_tokens <= p_tokens) desc,
           case when required_tokens <= p_tokens then -required_tokens else required_tokens end
  limit 1;
$$;

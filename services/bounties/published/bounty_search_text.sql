-- What a bounty is found by (GET /bounties/open?q=): its title, its description and its project's
-- name, one per line (the search box's one line of words never matches across two of them).
create or replace function bounty_search_text(p_title text, p_description text, p_project_name text)
returns text
language sql immutable parallel safe
as $$
  select concat_ws(E'\n', p_title, p_description, p_project_name)
$$;

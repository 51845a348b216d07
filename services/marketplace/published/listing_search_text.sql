create or replace function listing_search_text(p_name text, p_description text, p_display_name text, p_first_name text, p_last_name text)
returns text
language sql immutable parallel safe
as $$
  select concat_ws(E'\n', p_name, p_description, p_display_name, nullif(concat_ws(' ', p_first_name, p_last_name), ''))
$$;

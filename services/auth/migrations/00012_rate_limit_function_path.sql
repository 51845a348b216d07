-- hit_rate_limit reads its table by name: pin the schema it was created in, so it finds
-- auth's rate_limits whatever the calling connection's search path.
alter function hit_rate_limit(text, integer, integer) set search_path from current;

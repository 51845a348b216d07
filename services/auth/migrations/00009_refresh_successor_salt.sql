-- A rotated token's successor is derived from the token and this per-row secret, so every use
-- of the token within the grace interval is handed the same successor: concurrent refreshes
-- of one cookie (tabs, retries) never fork the session into several live tokens.
alter table refresh_tokens add column successor_salt bytea;

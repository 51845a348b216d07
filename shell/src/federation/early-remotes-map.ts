/**
 * The remotes map, asked for the moment the entry script runs (as the session check is), so the
 * first remote the shell loads after it boots (a signed-in visitor's dashboard widgets) does not
 * wait a round trip behind the shell's own scripts. initRemotes takes this answer as its first try.
 */
export const earlyRemotesMap: Promise<Response | null> = fetch('/remotes.json', { cache: 'no-store' }).catch(() => null);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A ?project= that is a project id, or null (anything else is ignored rather than sent). */
export const readProject = (params: URLSearchParams): string | null => {
  const raw = params.get('project') ?? '';
  return uuidPattern.test(raw) ? raw.toLowerCase() : null;
};

/** The query string of a list's page with its filters: empty parts left out, so the first page of everything is the bare path. */
export const listSearch = (filters: Record<string, string | null>, page: number): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
};

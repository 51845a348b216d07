import { NotFound } from '../pages/not-found';

/** A remote that loaded but has no page for this route: the visitor sees the 404 page. */
export function UnknownRemotePage() {
  return <NotFound />;
}

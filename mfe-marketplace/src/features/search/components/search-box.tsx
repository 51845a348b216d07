import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { MARKETPLACE_SEARCH_MAX_LENGTH } from '@starforge/contracts/marketplace-constants';

/** How long typing rests before the search runs (Enter runs it at once). */
const SEARCH_DEBOUNCE_MS = 350;

/**
 * The marketplace's search box. It searches as the user types, once typing rests, and at once
 * on Enter; `query` is the search the URL holds, so Back (which changes it) refills the box.
 */
export function SearchBox({ query, onSearch }: { query: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  if (query !== shownQuery) {
    // The URL moved (Back, a link): show its search unless the box already says it.
    setShownQuery(query);
    if (text.trim() !== query) setText(query);
  }
  const latest = useRef(onSearch);
  useLayoutEffect(() => {
    latest.current = onSearch;
  });

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === query) return;
    const timer = setTimeout(() => latest.current(wanted), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, query]);

  return (
    <search className="market-search">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const wanted = text.trim();
          if (wanted !== query) onSearch(wanted);
        }}
      >
        <label htmlFor={`${id}-q`} className="sf-visually-hidden">
          Search NFTs
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={MARKETPLACE_SEARCH_MAX_LENGTH}
          placeholder="Search by name, description or seller..."
          aria-describedby={`${id}-hint`}
          autoComplete="off"
        />
        <p id={`${id}-hint`} className="sf-visually-hidden">
          Results update as you type.
        </p>
      </form>
    </search>
  );
}

import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';

/** How long typing rests before the search runs (Enter runs it at once). */
const SEARCH_DEBOUNCE_MS = 350;

interface SearchBoxProps {
  /** The search the URL holds, so Back (which changes it) refills the box. */
  query: string;
  onSearch: (q: string) => void;
  /** The box's accessible name ('Search NFTs'). */
  label: string;
  placeholder: string;
  /** What the server takes. */
  maxLength: number;
}

/** A list's search box: it searches as the user types, once typing rests, and at once on Enter. */
export function SearchBox({ query, onSearch, label, placeholder, maxLength }: SearchBoxProps) {
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
    <search className="sf-search">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const wanted = text.trim();
          if (wanted !== query) onSearch(wanted);
        }}
      >
        <label htmlFor={`${id}-q`} className="sf-visually-hidden">
          {label}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={maxLength}
          placeholder={placeholder}
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

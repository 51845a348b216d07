import { useId, useState, type KeyboardEvent } from 'react';
import { NFT_MAX_TAGS } from '@starforge/contracts/nft';
import { addTag } from '../../../shared/lib/tags';

/** Tags: typed one at a time, added by Enter or the Add button, each removable (spec section 5). */
export function TagInput({ tags, onChange }: { tags: string[]; onChange: (tags: string[]) => void }) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = () => {
    const change = addTag(tags, typed);
    if (!change.ok) {
      setError(change.message);
      return;
    }
    setError(null);
    setTyped('');
    onChange(change.tags);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the tag instead of submitting the step.
    event.preventDefault();
    add();
  };

  return (
    <div className="sf-field nft-tags">
      <label htmlFor={id}>Tags (optional)</label>
      <div className="nft-tags-entry">
        <input
          id={id}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Add a tag and press Enter"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <button type="button" className="sf-btn sf-btn-secondary" onClick={add}>
          Add
        </button>
      </div>
      <p id={`${id}-hint`} className="sf-field-hint">
        {tags.length}/{NFT_MAX_TAGS} tags
      </p>
      {error ? (
        <p id={`${id}-error`} className="sf-field-error" role="alert">
          {error}
        </p>
      ) : null}
      {tags.length > 0 ? (
        <ul className="nft-tag-list" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag} className="nft-tag">
              <span>{tag}</span>
              <button type="button" className="nft-tag-remove" onClick={() => onChange(tags.filter((t) => t !== tag))} aria-label={`Remove tag ${tag}`}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { SUITE_MAX_BYTES } from '@starforge/contracts/rewards';
import { canAddFile, filesSize, newFileName, removeFile, renameProblem, tabAfterKey, type SourceFile } from './source-files';
import { SourceEditor } from './source-editor';

interface SourceTabsProps {
  files: readonly SourceFile[];
  active: number;
  onSelect: (index: number) => void;
  /** Absent when read-only: a finished run's files. */
  onChange?: (files: SourceFile[], active: number) => void;
  /** Lines to mark in the active file. */
  markedLines?: readonly number[];
}

/**
 * A run's files as tabs (WAI-ARIA tabs: arrow keys, Home and End move between them, the panel is
 * labelled by its tab), one editor at a time; editable, with a file added, renamed or removed, or
 * read-only for a finished run.
 */
export function SourceTabs({ files, active, onSelect, onChange, markedLines }: SourceTabsProps) {
  const ids = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = files[active] ?? files[0];
  const readOnly = !onChange;
  const size = filesSize(files);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabAfterKey(event.key, index, files.length);
    if (next === null) return;
    event.preventDefault();
    onSelect(next);
    tabs.current[next]?.focus();
  };

  return (
    <div className="sf-files">
      <div className="sf-files-bar">
        <div role="tablist" aria-label="Files" className="sf-files-tabs">
          {files.map((file, i) => (
            <button
              key={`${i}-${file.name}`}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${ids}-tab-${i}`}
              aria-selected={i === active}
              aria-controls={`${ids}-panel`}
              tabIndex={i === active ? 0 : -1}
              className="sf-files-tab"
              onClick={() => onSelect(i)}
              onKeyDown={(e) => onTabKey(e, i)}
            >
              {file.name}
            </button>
          ))}
        </div>
        {onChange ? (
          <button
            type="button"
            className="sf-btn sf-btn-ghost sf-files-add"
            disabled={!canAddFile(files)}
            onClick={() => onChange([...files, { name: newFileName(files), content: '' }], files.length)}
          >
            Add file
          </button>
        ) : null}
      </div>
      {current ? (
        <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-tab-${active}`} className="sf-files-panel">
          {onChange ? <FileActions key={`${active}-${current.name}`} files={files} index={active} onChange={onChange} /> : null}
          <SourceEditor
            id={`${ids}-source`}
            label={`Solidity source of ${current.name}`}
            value={current.content}
            readOnly={readOnly}
            markedLines={markedLines}
            onChange={
              onChange
                ? (content) =>
                    onChange(
                      files.map((f, i) => (i === active ? { ...f, content } : f)),
                      active,
                    )
                : undefined
            }
          />
        </div>
      ) : null}
      {onChange && files.length > 1 ? (
        <p className={`sf-muted sf-source-size${size.tooLarge ? ' is-over' : ''}`}>
          {size.text} of {SUITE_MAX_BYTES / 1024} KiB in all
        </p>
      ) : null}
    </div>
  );
}

/** Rename or remove the active file; a bad name is refused with the API's words. */
function FileActions({ files, index, onChange }: { files: readonly SourceFile[]; index: number; onChange: (files: SourceFile[], active: number) => void }) {
  const ids = useId();
  const [name, setName] = useState(files[index]?.name ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const rename = () => {
    const trimmed = name.trim();
    const found = renameProblem(files, index, trimmed);
    setProblem(found);
    if (!found)
      onChange(
        files.map((f, i) => (i === index ? { ...f, name: trimmed } : f)),
        index,
      );
  };
  return (
    <div className="sf-file-actions">
      <div className="sf-field">
        <label htmlFor={`${ids}-name`}>File name</label>
        <input
          id={`${ids}-name`}
          value={name}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids}-problem` : undefined}
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            // Enter renames here rather than submitting the run's form.
            if (e.key === 'Enter') {
              e.preventDefault();
              rename();
            }
          }}
        />
      </div>
      <button type="button" className="sf-btn sf-btn-ghost" onClick={rename}>
        Rename file
      </button>
      <button
        type="button"
        className="sf-btn sf-btn-ghost"
        disabled={files.length < 2}
        onClick={() => {
          const next = removeFile(files, index);
          onChange(next.files, next.active);
        }}
      >
        Remove file
      </button>
      {problem ? (
        <p id={`${ids}-problem`} className="sf-field-error sf-file-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

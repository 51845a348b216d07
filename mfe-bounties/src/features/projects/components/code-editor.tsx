import { useId, useState } from 'react';
import type { CodeVersion } from '@starforge/contracts/bounties';
import { failureMessage, useFormAction } from '@starforge/host';
import { FIRST_FILE_NAME, type SourceFile } from '@starforge/ui/source-files';
import { SourceTabs } from '@starforge/ui/source-tabs';
import { useSaveProjectCode } from '../api/save-project-code';
import { codeInput } from '../code-view';

/**
 * The project's sources in tabs, starting from its newest version, saved as the next version
 * ("Save as new version"): each file's name is how a proof imports it (`import "Vault.sol";`).
 */
export function CodeEditor({ projectId, latest, onSaved }: { projectId: string; latest: CodeVersion | null; onSaved: () => void }) {
  const ids = useId();
  const [files, setFiles] = useState<SourceFile[]>(() => latest?.sources.map((s) => ({ ...s })) ?? [{ name: FIRST_FILE_NAME, content: '' }]);
  const [active, setActive] = useState(0);
  const save = useSaveProjectCode();
  const form = useFormAction({
    name: 'project code save',
    check: () => codeInput(files),
    run: (input) => save.run(projectId, { sources: input.sources }),
    success: (answer) => (answer.latest ? `Saved as version ${answer.latest.version}: the engine is checking it` : 'Saved'),
    onSuccess: onSaved,
    failure: (error) => failureMessage(error, { fallback: 'Failed to save the code' }),
  });

  return (
    <form onSubmit={form.submit} noValidate aria-labelledby={`${ids}-title`} aria-describedby={form.error ? `${ids}-error` : undefined}>
      <h3 id={`${ids}-title`}>{latest ? `Sources (version ${latest.version})` : 'Sources'}</h3>
      <p className="sf-muted">
        A proof imports each file by its name (<code>import "Vault.sol";</code>). Saving makes a new version; a bounty posted after is tested against it.
      </p>
      <SourceTabs
        files={files}
        active={active}
        onSelect={setActive}
        onChange={(next, nextActive) => {
          setFiles(next);
          setActive(nextActive);
        }}
      />
      <button type="submit" className="sf-btn sf-btn-primary" disabled={save.busy} aria-busy={save.busy}>
        {save.busy ? 'Saving...' : 'Save as new version'}
      </button>
      {form.error ? (
        <p id={`${ids}-error`} className="sf-field-error bounties-form-error" role="alert">
          {form.error}
        </p>
      ) : null}
    </form>
  );
}

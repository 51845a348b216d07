import { useId, useState } from 'react';
import { Field } from '@starforge/ui';
import { SourceEditor } from '@starforge/ui/source-editor';
import { SourceTabs } from '@starforge/ui/source-tabs';
import { useCodeVersion } from '../api/code-version';
import type { ProofTestFields } from '../completion-input';

interface ProofTestFieldsetProps {
  projectId: string;
  version: number;
  test: ProofTestFields;
  onChange: (test: ProofTestFields) => void;
  nameError: string | null;
  contentError: string | null;
}

/**
 * The optional executable proof of a bounty posted against a code version: that version's
 * sources, read-only in tabs, and a test file that imports them by name and shows the finding
 * (a `test…` that passes only while the bug is there, or an `invariant…` that breaks).
 */
export function ProofTestFieldset({ projectId, version, test, onChange, nameError, contentError }: ProofTestFieldsetProps) {
  const ids = useId();
  return (
    <fieldset className="bounty-proof-fields">
      <legend>Executable proof (optional)</legend>
      <p className="sf-muted">
        The engine runs your test file against version {version} of the project’s code when you submit, and the creator sees what it shows. Import the project’s
        files by their names (<code>import "Vault.sol";</code>, beside <code>forge-std/Test.sol</code>): a <code>test…</code> that passes only while the bug is
        there, or an <code>invariant…</code> that fails. Leave it empty to submit without one.
      </p>
      <VersionSources projectId={projectId} version={version} />
      <Field
        label="Proof file name"
        value={test.name}
        spellCheck={false}
        autoComplete="off"
        onChange={(e) => onChange({ ...test, name: e.target.value })}
        error={nameError}
      />
      <SourceEditor
        id={`${ids}-test`}
        label={`Solidity source of ${test.name.trim() || 'the proof'}`}
        value={test.content}
        onChange={(content) => onChange({ ...test, content })}
      />
      {contentError ? (
        <p className="sf-field-error" role="alert">
          {contentError}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The version's files, read-only, as the proof imports them. */
function VersionSources({ projectId, version }: { projectId: string; version: number }) {
  const [active, setActive] = useState(0);
  const code = useCodeVersion(projectId, version);
  return (
    <section className="bounty-version-sources" aria-label={`Project code, version ${version}`} data-testid="version-sources">
      <h3>Project code, version {version}</h3>
      {code.version ? (
        <SourceTabs files={code.version.sources} active={active} onSelect={setActive} />
      ) : code.failed ? (
        <p>
          The code could not be read.{' '}
          <button type="button" className="sf-btn sf-btn-ghost" onClick={code.refetch}>
            Try again
          </button>
        </p>
      ) : (
        <p className="sf-muted">Loading the code...</p>
      )}
    </section>
  );
}

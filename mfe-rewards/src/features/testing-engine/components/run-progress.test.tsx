import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RunProgress } from './run-progress';

describe('RunProgress', () => {
  it('says what a running run does until its suite reports, then its phase and tests done with a bar', () => {
    expect(renderToStaticMarkup(<RunProgress progress={null} hasContract />)).toContain('<p aria-live="polite">Compiling and running your contract...</p>');
    expect(renderToStaticMarkup(<RunProgress progress={null} hasContract={false} />)).toContain('>Running...</p>');
    const compiling = renderToStaticMarkup(<RunProgress progress={{ phase: 'compiling', tests_done: 0, tests_total: 0 }} hasContract />);
    expect(compiling).toContain('>Compiling…</p>');
    expect(compiling).not.toContain('progressbar');
    const running = renderToStaticMarkup(<RunProgress progress={{ phase: 'running', tests_done: 3, tests_total: 12 }} hasContract />);
    expect(running).toContain('>3 of 12 tests done</p>');
    expect(running).toContain('role="progressbar" aria-label="Tests done" aria-valuemin="0" aria-valuemax="12" aria-valuenow="3"');
  });
});

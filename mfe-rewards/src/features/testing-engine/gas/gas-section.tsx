import './gas.css';
import { useState, type FormEvent } from 'react';
import type { GasHistory, GasThreshold } from '@starforge/contracts/rewards';
import { Field, SelectField, Spinner } from '@starforge/ui';
import { useGasHistory } from './api/gas-history';
import { GasChart } from './gas-chart';
import { GasTable } from './gas-table';
import { gasSummary, runLabel, thresholdText } from './gas-view';
import { thresholdProblems } from './threshold-input';

/** Which earlier run of the suite to compare with, and at what threshold. */
function GasControls({ history, onAgainst, onThreshold }: { history: GasHistory; onAgainst: (id: string) => void; onThreshold: (t: GasThreshold) => void }) {
  const [pct, setPct] = useState(String(history.threshold.pct));
  const [gas, setGas] = useState(String(history.threshold.gas));
  const [errors, setErrors] = useState<{ pct: string | null; gas: string | null }>({ pct: null, gas: null });
  const earlier = history.runs.filter((r) => r.id !== history.run_id).reverse();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const problems = thresholdProblems(pct, gas);
    setErrors(problems);
    if (!problems.pct && !problems.gas) onThreshold({ pct: Number(pct), gas: Number(gas) });
  };
  return (
    <div className="rewards-gas-controls">
      {earlier.length ? (
        <SelectField
          label="Compare with"
          hint="An earlier run of this suite"
          value={history.against?.id ?? ''}
          onChange={(e) => onAgainst(e.target.value)}
          options={earlier.map((r) => ({ value: r.id, label: runLabel(r) }))}
        />
      ) : null}
      <form className="rewards-gas-threshold" onSubmit={apply} aria-label="Threshold">
        <Field label="Threshold, %" inputMode="decimal" value={pct} onChange={(e) => setPct(e.target.value)} error={errors.pct} />
        <Field label="Threshold, gas" inputMode="numeric" value={gas} onChange={(e) => setGas(e.target.value)} error={errors.gas} />
        <button type="submit" className="sf-btn">
          Apply threshold
        </button>
      </form>
    </div>
  );
}

/**
 * A run's Gas section: each test's, contract function's and deployment's gas against an earlier
 * run of the same suite (by default the one before), with the verdict in words, the threshold,
 * and a chart of the suite's last 20 runs for the row chosen.
 */
export function GasSection({ runId }: { runId: string }) {
  const [against, setAgainst] = useState<string | undefined>();
  const [threshold, setThreshold] = useState<GasThreshold | undefined>();
  const [chosen, setChosen] = useState<string | null>(null);
  const read = useGasHistory(runId, { ...(against ? { against } : {}), ...(threshold ? { threshold } : {}) });
  // The comparison on screen stays while another is read (a new run to compare with, a new
  // threshold), so the controls keep their place and focus.
  const [kept, setKept] = useState<GasHistory | undefined>();
  if (read.history && read.history !== kept) setKept(read.history);
  const history = read.history ?? kept;
  const { failed, refetch } = read;
  const rows = history ? [...history.tests, ...history.functions, ...history.deployments] : [];
  const selected = rows.find((r) => r.key === chosen) ?? rows.find((r) => r.verdict === 'regression') ?? rows[0] ?? null;
  return (
    <section className="sf-card rewards-gas" aria-labelledby="run-gas">
      <h2 id="run-gas">Gas</h2>
      {failed ? (
        <p>
          The gas comparison could not be read.{' '}
          <button type="button" className="sf-btn" onClick={refetch}>
            Try again
          </button>
        </p>
      ) : !history ? (
        <Spinner label="Loading the gas comparison" />
      ) : history.suite_key === null ? (
        <p>This run measured no gas to compare.</p>
      ) : (
        <>
          <p aria-live="polite">
            <strong>{gasSummary(history)}</strong>
          </p>
          <p className="sf-muted">Threshold: {thresholdText(history.threshold)}. The same suite: the same test type, network and files (or contract).</p>
          <GasControls key={`${history.threshold.pct}/${history.threshold.gas}`} history={history} onAgainst={setAgainst} onThreshold={setThreshold} />
          {/* Folded: the result above already has a row per test; these repeat the names with their history. */}
          <details className="rewards-gas-details">
            <summary>Gas per test, function and deployment, and its chart</summary>
            {history.tests.length ? <GasTable caption="Tests" rows={history.tests} selected={selected?.key ?? null} onSelect={setChosen} /> : null}
            {history.functions.length ? (
              <GasTable caption="Contract functions (mean gas per call)" rows={history.functions} selected={selected?.key ?? null} onSelect={setChosen} />
            ) : null}
            {history.deployments.length ? (
              <GasTable caption="Deployments" rows={history.deployments} selected={selected?.key ?? null} onSelect={setChosen} />
            ) : null}
            {selected ? <GasChart row={selected} runs={history.runs} runId={history.run_id} /> : null}
          </details>
        </>
      )}
    </section>
  );
}

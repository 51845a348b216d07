import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  BOUNTY_DESCRIPTION_MAX,
  BOUNTY_TITLE_MAX,
  bountiesErrorCodes,
  bountiesMessages,
  CLAIM_PERIOD_DAYS,
  claimPeriodText,
  DEFAULT_CLAIM_PERIOD_DAYS,
  SEVERITIES,
  severityLabels,
  severityTone,
} from '@starforge/contracts/bounties';
import { failureMessage, useFormAction } from '@starforge/host';
import { Field, SelectField, Spinner, TextAreaField } from '@starforge/ui';
import { useActiveProjects } from '../api/active-projects';
import { useCreateBounty } from '../api/create-bounty';
import { type BountyField, type BountyFields, bountyInput, emptyBounty } from '../bounty-input';

/** A refusal in the spec's words (not Pro, not one's active project); a short balance in the server's, which name what is available. */
const createFailure = (error: unknown): string =>
  failureMessage(error, {
    fallback: bountiesMessages.bountyCreateFailed,
    codes: {
      [bountiesErrorCodes.proRequired]: bountiesMessages.proOnly,
      [bountiesErrorCodes.projectNotActive]: bountiesMessages.projectNotActive,
      [bountiesErrorCodes.notProjectOwner]: bountiesMessages.projectNotActive,
    },
  });

interface BountyFormProps {
  /** The caller's plan: undefined while it is read. Only Pro may post (the server says so too). */
  isPro: boolean | undefined;
  /** ?project=: preselected when it is one of the caller's active projects. */
  projectId: string | null;
}

/**
 * Post a bug bounty: title, description, reward ($0 or more; held from the creator's cash when
 * posted), severity (medium by default, in its colour), one of the caller's active projects, and
 * how long a claim lives without a completion (a week by default; issue 26).
 * A Free user sees it disabled: 'Create Bounty (Pro Only)' and why, with the way to upgrade.
 */
export function BountyForm({ isPro, projectId }: BountyFormProps) {
  const id = useId();
  const { projects, loading } = useActiveProjects();
  const [bounty, setBounty] = useState<BountyFields>(() => emptyBounty(projectId ?? ''));
  const [invalid, setInvalid] = useState<BountyField | null>(null);
  const create = useCreateBounty();
  const activeIds = projects.map((project) => project.id);
  const chosenProject = activeIds.includes(bounty.project_id) ? bounty.project_id : '';
  const form = useFormAction({
    name: 'bounty creation',
    check: () => {
      const input = bountyInput({ ...bounty, project_id: chosenProject }, activeIds);
      setInvalid(input.ok ? null : input.field);
      return input;
    },
    run: (input) => create.run(input.body),
    success: () => bountiesMessages.bountyCreated,
    onSuccess: () => setBounty(emptyBounty(chosenProject)),
    failure: createFailure,
  });
  const set = (field: BountyField) => (event: { target: { value: string } }) => setBounty((b) => ({ ...b, [field]: event.target.value }));
  const errorOf = (field: BountyField) => (invalid === field ? form.error : null);
  const locked = isPro !== true;

  return (
    <form className="sf-card bounties-form" onSubmit={form.submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Post a Bug Bounty</h2>
      {isPro === false ? (
        <div className="sf-card bounties-notice" data-testid="pro-only">
          <p>{bountiesMessages.proOnly}</p>
          <Link to="/pricing" className="sf-btn sf-btn-secondary">
            Upgrade to Pro
          </Link>
        </div>
      ) : null}
      <fieldset disabled={locked}>
        <legend className="sf-visually-hidden">The bounty</legend>
        <Field label="Title" required maxLength={BOUNTY_TITLE_MAX} value={bounty.title} onChange={set('title')} error={errorOf('title')} />
        <TextAreaField
          label="Description"
          required
          rows={4}
          maxLength={BOUNTY_DESCRIPTION_MAX}
          value={bounty.description}
          onChange={set('description')}
          error={errorOf('description')}
        />
        <div className="bounties-form-row">
          <Field
            label="Reward (USD)"
            required
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            placeholder="0.00"
            value={bounty.reward}
            onChange={set('reward')}
            error={errorOf('reward')}
            hint="Held from your cash when posted; returned if you close the bounty unclaimed."
          />
          <SelectField
            label="Project"
            required
            placeholder={loading ? 'Loading your projects...' : projects.length === 0 ? 'No active projects' : 'Select a project'}
            options={projects.map((project) => ({ value: project.id, label: project.name }))}
            value={chosenProject}
            onChange={set('project_id')}
            error={errorOf('project_id')}
            hint={
              !loading && projects.length === 0 ? (
                <>
                  Bounties belong to one of your active projects: <Link to="/projects">create a project</Link> first.
                </>
              ) : undefined
            }
          />
        </div>
        <SelectField
          label="Claim period"
          required
          options={CLAIM_PERIOD_DAYS.map((days) => ({
            value: String(days),
            label: days === DEFAULT_CLAIM_PERIOD_DAYS ? `${claimPeriodText(days)} (default)` : claimPeriodText(days),
          }))}
          value={String(bounty.claim_days)}
          onChange={(event) => setBounty((b) => ({ ...b, claim_days: Number(event.target.value) }))}
          error={errorOf('claim_days')}
          hint={`A claim lapses ${claimPeriodText(bounty.claim_days)} after it is made (or after you reject its completion) unless a completion is waiting for your review; the bounty is then open again, and you can close it to get the reward back.`}
        />
        <fieldset className="bounties-severities">
          <legend>Severity</legend>
          {SEVERITIES.map((severity) => (
            <label key={severity} className={`bounties-severity is-${severityTone[severity]}`}>
              <input
                type="radio"
                name={`${id}-severity`}
                value={severity}
                checked={bounty.severity === severity}
                onChange={() => setBounty((b) => ({ ...b, severity }))}
              />
              {severityLabels[severity]}
            </label>
          ))}
        </fieldset>
      </fieldset>
      <button type="submit" className="sf-btn sf-btn-primary" disabled={locked || create.busy} aria-busy={create.busy}>
        {isPro === undefined ? <Spinner size="sm" label="Reading your plan" /> : null}
        {create.busy ? 'Creating...' : isPro === false ? `Create Bounty ${bountiesMessages.proOnlyButton}` : 'Create Bounty'}
      </button>
      {form.error && !invalid ? (
        <p className="sf-field-error bounties-form-error" role="alert">
          {form.error}
        </p>
      ) : null}
    </form>
  );
}

import { useId, useState } from 'react';
import { bountiesMessages, PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX, PROJECT_TYPES, projectTypeLabels } from '@starforge/contracts/bounties';
import { failureMessage, useFormAction } from '@starforge/host';
import { Field, SelectField, TextAreaField } from '@starforge/ui';
import { useCreateProject } from '../api/create-project';
import { emptyProject, type ProjectField, type ProjectFields, projectInput } from '../project-input';

const typeOptions = PROJECT_TYPES.map((type) => ({ value: type, label: projectTypeLabels[type] }));

/**
 * Create Project, a toggle: the button opens the form (name, type, budget, description) and
 * closes it. Any signed-in user may create a project (the server says who may). After 'Project
 * created successfully!' the form closes and `onCreated` shows the new project.
 */
export function ProjectForm({ onCreated }: { onCreated: () => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [project, setProject] = useState<ProjectFields>(emptyProject);
  const [invalid, setInvalid] = useState<ProjectField | null>(null);
  const create = useCreateProject();
  const form = useFormAction({
    name: 'project creation',
    check: () => {
      const input = projectInput(project);
      setInvalid(input.ok ? null : input.field);
      return input;
    },
    run: (input) => create.run(input.body),
    success: () => bountiesMessages.projectCreated,
    onSuccess: () => {
      setProject(emptyProject);
      setOpen(false);
      onCreated();
    },
    failure: (error) => failureMessage(error, { fallback: bountiesMessages.projectCreateFailed }),
  });
  const set = (field: ProjectField) => (event: { target: { value: string } }) => setProject((p) => ({ ...p, [field]: event.target.value }));
  const errorOf = (field: ProjectField) => (invalid === field ? form.error : null);

  return (
    <section aria-label="Create Project" className="bounties-create">
      <button type="button" className="sf-btn sf-btn-primary" aria-expanded={open} aria-controls={`${id}-form`} onClick={() => setOpen((o) => !o)}>
        {open ? 'Cancel' : 'Create Project'}
      </button>
      {open ? (
        <form id={`${id}-form`} className="sf-card bounties-form" onSubmit={form.submit} noValidate aria-labelledby={`${id}-title`}>
          <h2 id={`${id}-title`}>New Project</h2>
          <Field label="Project name" required maxLength={PROJECT_NAME_MAX} value={project.name} onChange={set('name')} error={errorOf('name')} />
          <div className="bounties-form-row">
            <SelectField
              label="Project type"
              options={typeOptions}
              value={project.project_type}
              onChange={set('project_type')}
              error={errorOf('project_type')}
            />
            <Field
              label="Budget (USD)"
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              value={project.budget}
              onChange={set('budget')}
              error={errorOf('budget')}
            />
          </div>
          <TextAreaField
            label="Description"
            rows={4}
            maxLength={PROJECT_DESCRIPTION_MAX}
            value={project.description}
            onChange={set('description')}
            error={errorOf('description')}
          />
          <button type="submit" className="sf-btn sf-btn-primary" disabled={create.busy} aria-busy={create.busy}>
            {create.busy ? 'Creating...' : 'Create Project'}
          </button>
          {form.error && !invalid ? (
            <p className="sf-field-error bounties-form-error" role="alert">
              {form.error}
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}

import { type CreateProjectRequest, createProjectSchema } from '@starforge/contracts/bounties';
import { DEFAULT_PROJECT_TYPE, type ProjectType } from '@starforge/contracts/bounties';

/** The Create Project form as typed; the budget in dollars as the field holds it. */
export interface ProjectFields {
  name: string;
  project_type: ProjectType;
  budget: string;
  description: string;
}
export type ProjectField = keyof ProjectFields;

export const emptyProject: ProjectFields = { name: '', project_type: DEFAULT_PROJECT_TYPE, budget: '0', description: '' };

export type ProjectInput = { ok: true; body: CreateProjectRequest } | { ok: false; message: string; field: ProjectField | null };

const fields: readonly ProjectField[] = ['name', 'project_type', 'budget', 'description'];

/**
 * The project checked with the server's own schema before it is sent: a name ('Please enter a
 * project name'), a budget of $0 or more in cents ('Please enter a valid budget'), the lengths.
 * The body is what the form says; `field` names the field the message is about.
 */
export const projectInput = (typed: ProjectFields): ProjectInput => {
  const parsed = createProjectSchema.safeParse(typed);
  if (parsed.success) return { ok: true, body: typed };
  const [issue] = parsed.error.issues;
  return { ok: false, message: issue?.message ?? 'Please check the project', field: fields.find((field) => field === issue?.path[0]) ?? null };
};

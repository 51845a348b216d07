import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { type Project, projectSchema } from '@starforge/contracts/bounties';
import { ProjectCard } from './project-card';

const project = (fields: Partial<Project>): Project =>
  projectSchema.parse({
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Vault',
    description: '',
    project_type: 'defi',
    budget_cents: 10_000,
    status: 'active',
    created_at: '2026-11-27T12:00:00.000Z',
    owner_name: 'Ada',
    is_mine: true,
    ...fields,
  });

const render = (p: Project) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ProjectCard project={p} />
    </MemoryRouter>,
  );

describe('ProjectCard and its code under test (issue 28)', () => {
  it('offers its creator a contract project’s code as a closed toggle button, named for the project', () => {
    const html = render(project({}));
    expect(html).toMatch(
      /<button type="button" class="sf-btn sf-btn-ghost sf-btn-block" aria-expanded="false" aria-controls="[^"]+">Code Under Test<span class="sf-visually-hidden"> of Vault<\/span><\/button>/,
    );
    expect(html).not.toContain('data-testid="project-code"');
  });

  it('offers nothing to anyone else, nor for a project without contract code', () => {
    expect(render(project({ is_mine: false }))).not.toContain('Code Under Test');
    expect(render(project({ project_type: 'other' }))).not.toContain('Code Under Test');
  });
});

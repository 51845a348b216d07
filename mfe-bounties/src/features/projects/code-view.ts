import { CODE_PROJECT_TYPES, type CodeCheckStatus, type ProjectFinding, proofWords, saveProjectCodeSchema } from '@starforge/contracts/bounties';
import type { Project } from '@starforge/contracts/bounties';
import type { SourceFile } from '@starforge/ui/source-files';
import type { BadgeTone } from '@starforge/ui';

/** Whether the project's creator keeps its code here: their own project of a type that has contract code. */
export const holdsCode = (project: Pick<Project, 'is_mine' | 'project_type'>): boolean =>
  project.is_mine && (CODE_PROJECT_TYPES as readonly string[]).includes(project.project_type);

/** The engine's check of a saved version, in a word and a tone. */
export const checkBadges: Record<CodeCheckStatus, { label: string; tone: BadgeTone }> = {
  running: { label: 'Checking…', tone: 'info' },
  compiled: { label: 'Compiled', tone: 'success' },
  does_not_compile: { label: 'Does not compile', tone: 'danger' },
};

/** Where an approved finding stands against the newest version: "fixed in version 3", "still reproduces", or being checked. */
export const findingStateText = (finding: Pick<ProjectFinding, 'state' | 'fixed_in_version' | 'checked_version'>): string => {
  if (finding.state === 'fixed' && finding.fixed_in_version !== null) return proofWords.fixedIn(finding.fixed_in_version);
  if (finding.state === 'still_reproduces') return proofWords.stillReproduces;
  return finding.checked_version === null ? 'Checking…' : `Checking against version ${finding.checked_version}…`;
};

export type CodeInput = { ok: true; sources: SourceFile[] } | { ok: false; message: string };

/** The editor's files checked with the server's schema before they are saved (names, sizes, how many). */
export const codeInput = (files: readonly SourceFile[]): CodeInput => {
  const parsed = saveProjectCodeSchema.safeParse({ sources: files });
  if (parsed.success) return { ok: true, sources: [...files] };
  return { ok: false, message: parsed.error.issues[0]?.message ?? 'These files cannot be saved.' };
};

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  FRAME_ROOT,
  OUTLET_MARKER,
  SNAPSHOT_ATTRIBUTE,
  SNAPSHOT_CLASS,
  snapshotFileName,
  type RemoteName,
  type ScreenSnapshot,
} from '@starforge/contracts/shared';
import { composedSource, type PageSource } from './shell-page';

const stylesheetName = /^[\w.-]+\.css$/;

const readSnapshot = (file: string, path: string): ScreenSnapshot => {
  const snapshot = JSON.parse(readFileSync(file, 'utf8')) as Partial<ScreenSnapshot>;
  if (
    snapshot.path !== path ||
    typeof snapshot.html !== 'string' ||
    !Array.isArray(snapshot.stylesheets) ||
    !snapshot.stylesheets.every((s) => stylesheetName.test(s))
  )
    throw new Error(`${file} is not a snapshot of ${path}`);
  return snapshot as ScreenSnapshot;
};

/**
 * A public screen of a remote, drawn before any script: the shell's frame (frame.html, its
 * layout with the outlet marked) holding the remote's snapshot of the screen, inert, and the
 * remote's stylesheets linked. The shell then loads the remote and React draws the real screen
 * over the snapshot (see shell/src/bootstrap.tsx).
 */
export const snapshotSource = (options: { shellDist: string; remoteDist: string; remoteBase: string; remote: RemoteName; path: string }): PageSource => {
  const frameFile = join(options.shellDist, 'frame.html');
  const snapshotFile = join(options.remoteDist, 'snapshots', snapshotFileName(options.path));
  return composedSource([frameFile, snapshotFile], () => {
    const frame = readFileSync(frameFile, 'utf8');
    const snapshot = readSnapshot(snapshotFile, options.path);
    if (!frame.includes(FRAME_ROOT) || !frame.includes(OUTLET_MARKER)) throw new Error(`${frameFile} is not the shell's frame`);
    const links = snapshot.stylesheets.map((s) => `<link href="${options.remoteBase}${s}" rel="stylesheet">`).join('');
    return Buffer.from(
      frame
        .replace('</head>', `${links}</head>`)
        .replace(FRAME_ROOT, `<div id="root" ${SNAPSHOT_ATTRIBUTE}="${options.path}">`)
        .replace(OUTLET_MARKER, `<div class="${SNAPSHOT_CLASS}" inert="">${snapshot.html}</div>`),
    );
  });
};

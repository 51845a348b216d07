import { createHash } from 'node:crypto';

/**
 * A prerendered page runs the shell's script only after its first frame is painted. On a fast
 * link the deferred main.js can arrive and run (the federation runtime, then hydration) before
 * the browser paints at all, so the markup that needed no script waits for script anyway. Here
 * main.js is still fetched at once (a preload, after the stylesheet and at low priority, so it
 * never delays the stylesheet on a slow link), but run from a tiny loader one frame later:
 * requestAnimationFrame fires before the first paint, the timeout after it.
 *
 * Until the shell hydrates, the painted buttons have no handlers: the loader holds a click on a
 * button (`window.__sfEarlyClicks` hands them over, see early-clicks.ts) so the shell can replay
 * it once React listens, instead of losing it (a phone may take seconds to get there).
 */
const loaderSource = `(function(){var held=[];function hold(e){var b=e.target&&e.target.closest&&e.target.closest('button');if(!b)return;e.preventDefault();e.stopImmediatePropagation();held.push(b)}document.addEventListener('click',hold,true);window.__sfEarlyClicks=function(){document.removeEventListener('click',hold,true);return held.splice(0)};var main=document.currentScript.getAttribute('data-main');requestAnimationFrame(function(){setTimeout(function(){var s=document.createElement('script');s.src=main;document.head.appendChild(s)},0)})})();\n`;

export interface PaintFirstPage {
  html: string;
  /** The loader's file name in dist (content-hashed, so it is cached as immutable). */
  loaderFile: string;
  loaderSource: string;
}

const mainScript = /<script defer="defer" src="(\/main\.[0-9a-f]{8}\.js)"><\/script>/;

/** The built page with its main.js preloaded and run by the loader after the first paint. */
export const paintFirst = (page: string): PaintFirstPage => {
  const match = mainScript.exec(page);
  if (!match?.[1]) throw new Error('index.html has no deferred main.<hash>.js script');
  const main = match[1];
  const loaderFile = `paint-first.${createHash('sha256').update(loaderSource).digest('hex').slice(0, 8)}.js`;
  if (!page.includes('</head>')) throw new Error('index.html has no </head>');
  const html = page
    .replace(match[0], '')
    .replace(
      '</head>',
      `<link rel="preload" as="script" fetchpriority="low" href="${main}"><script defer="defer" src="/${loaderFile}" data-main="${main}"></script></head>`,
    );
  return { html, loaderFile, loaderSource };
};

import { describe, expect, it } from 'vitest';
import { paintFirst } from './paint-first';

const built =
  '<head><title>Starforge</title><script defer="defer" src="/main.0a1b2c3d.js"></script><link href="/main.0a1b2c3d.css" rel="stylesheet"></head><body><div id="root"></div></body>';

describe('paintFirst', () => {
  it('preloads main.js after the stylesheet, at low priority, and leaves running it to a hashed loader that names it', () => {
    const { html, loaderFile, loaderSource } = paintFirst(built);
    expect(html).toContain(
      `<link href="/main.0a1b2c3d.css" rel="stylesheet"><link rel="preload" as="script" fetchpriority="low" href="/main.0a1b2c3d.js"><script defer="defer" src="/${loaderFile}" data-main="/main.0a1b2c3d.js"></script></head>`,
    );
    expect(html).not.toContain('<script defer="defer" src="/main.0a1b2c3d.js">');
    expect(loaderFile).toMatch(/^paint-first\.[0-9a-f]{8}\.js$/);
    expect(loaderSource).toContain('requestAnimationFrame');
  });

  it('refuses a page without the deferred main script, rather than writing one that never starts', () => {
    expect(() => paintFirst('<head></head><body></body>')).toThrow(/main/);
  });
});

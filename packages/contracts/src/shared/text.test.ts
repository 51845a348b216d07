import { describe, expect, it } from 'vitest';
import { invalidTextMessage, text } from './text';

describe('text', () => {
  const name = text().trim().max(10);

  it('accepts ordinary text, emoji (surrogate pairs) included', () => {
    expect(name.parse('  Ada ')).toBe('Ada');
    expect(name.parse('Zoë 🚀')).toBe('Zoë 🚀');
  });

  it('refuses NUL and lone surrogates with one message', () => {
    for (const bad of ['A\u0000', '\uD800', 'x\uDC00y', '\uDBFFz', '🚀'.slice(0, 1)]) {
      const result = name.safeParse(bad);
      expect(result.success, JSON.stringify(bad)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(invalidTextMessage);
    }
  });
});

describe('text with a message', () => {
  it('answers a missing or non-string value with it, and the unstorable too', () => {
    const required = text('Please enter a project name').trim().min(1, 'Please enter a project name');
    for (const bad of [undefined, null, 42, '', '  ', 'A\u0000']) {
      expect(required.safeParse(bad).error?.issues[0]?.message, JSON.stringify(bad)).toBe('Please enter a project name');
    }
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod';
import { fieldOf } from './issue-messages';

const first = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('the words of a refusal whose schema gave none', () => {
  it('names the field by its wire name, nested and in lists', () => {
    expect(fieldOf(['card', 'number'])).toBe('card.number');
    expect(fieldOf(['tags', 2])).toBe('tags[2]');
    expect(fieldOf([])).toBeNull();
  });

  it('says what is missing and what type was wanted', () => {
    // issue 26, item 11: `{}` said "Invalid input: expected string, received undefined".
    const schema = z.object({ name: z.string(), count: z.number().int(), on: z.boolean(), card: z.object({ number: z.string() }), tags: z.array(z.string()) });
    expect(first(schema, {})).toBe('name is required');
    expect(first(schema.pick({ count: true }), { count: '3' })).toBe('count must be a number');
    expect(first(schema.pick({ count: true }), { count: 1.5 })).toBe('count must be a whole number');
    expect(first(schema.pick({ on: true }), { on: 'yes' })).toBe('on must be true or false');
    expect(first(schema.pick({ card: true }), { card: {} })).toBe('card.number is required');
    expect(first(schema.pick({ tags: true }), { tags: ['a', 2] })).toBe('tags[1] must be text');
    expect(first(schema, [])).toBe('The request body must be a JSON object');
  });

  it('says the rule: sizes, ranges, formats, choices, unknown fields', () => {
    expect(first(z.object({ n: z.number().max(5) }), { n: 6 })).toBe('n must be at most 5');
    expect(first(z.object({ n: z.number().positive() }), { n: 0 })).toBe('n must be more than 0');
    expect(first(z.object({ n: z.number().int() }), { n: 1e308 })).toBe(`n must be at most ${Number.MAX_SAFE_INTEGER}`);
    expect(first(z.object({ s: z.string().min(1) }), { s: '' })).toBe('s must not be empty');
    expect(first(z.object({ s: z.string().max(3) }), { s: 'abcd' })).toBe('s must be at most 3 characters');
    expect(first(z.object({ id: z.uuid() }), { id: 'x' })).toBe('id must be an id (a UUID)');
    expect(first(z.object({ e: z.enum(['a', 'b']) }), { e: 'c' })).toBe('e must be one of: a, b');
    expect(first(z.object({ n: z.number().multipleOf(10) }), { n: 15 })).toBe('n must be a multiple of 10');
    expect(first(z.object({ a: z.string() }).strict(), { a: 'x', b: 1 })).toBe('Unknown field: b');
  });

  it("keeps a schema's own words", () => {
    expect(first(z.object({ name: z.string('Name is required') }), {})).toBe('Name is required');
    expect(first(z.object({ n: z.number().min(1000, 'Minimum conversion is 1000 points') }), { n: 5 })).toBe('Minimum conversion is 1000 points');
  });
});

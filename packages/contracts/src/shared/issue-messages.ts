import type { core } from 'zod';

/**
 * The words of a refusal whose schema gave none: the field, by its name on the wire
 * (`tags[2]`, `card.number`), and the rule it broke ("name is required", "page must be at
 * most 100000"). zod's own ("Invalid input: expected string, received undefined") name neither.
 * A schema's own message (the spec's sentences) always wins over these.
 */
export const fieldOf = (path: readonly PropertyKey[] | undefined): string | null =>
  path && path.length > 0 ? path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i === 0 ? '' : '.'}${String(key)}`)).join('') : null;

const KINDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  bigint: 'a whole number',
  date: 'a date',
};

const FORMATS: Record<string, string> = {
  uuid: 'an id (a UUID)',
  guid: 'an id (a UUID)',
  email: 'an e-mail address',
  url: 'a URL',
  datetime: 'a date and time (ISO 8601)',
  date: 'a date (YYYY-MM-DD)',
  base64: 'base64 text',
  base64url: 'base64url text',
};

const list = (values: readonly unknown[]) => values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');

const sized = (origin: string, n: number | bigint): string =>
  origin === 'string' ? `${n} character${n === 1 ? '' : 's'}` : origin === 'array' || origin === 'set' ? `${n} item${n === 1 ? '' : 's'}` : String(n);

const rule = (issue: core.$ZodRawIssue): string | undefined => {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'is required';
      return `must be ${KINDS[issue.expected] ?? issue.expected}`;
    }
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'must not be empty';
      if (issue.origin === 'array' && Number(issue.minimum) === 1) return 'must not be empty';
      return `must be ${issue.inclusive === false ? 'more than' : 'at least'} ${sized(issue.origin, issue.minimum)}`;
    case 'too_big':
      return `must be ${issue.inclusive === false ? 'less than' : 'at most'} ${sized(issue.origin, issue.maximum)}`;
    case 'invalid_format':
      return issue.format === 'regex' ? 'is not in the expected form' : `must be ${FORMATS[issue.format] ?? `a valid ${issue.format}`}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'invalid_value':
      return issue.values.length === 1 ? `must be ${list(issue.values)}` : `must be one of: ${list(issue.values)}`;
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'custom':
      return 'is not valid';
    default:
      return undefined;
  }
};

/** zod's `customError` (set for every schema in zod.ts): a field-naming message, else zod's own. */
export const namedIssueMessage = (issue: core.$ZodRawIssue): string | undefined => {
  const field = fieldOf(issue.path);
  if (issue.code === 'unrecognized_keys') {
    const names = issue.keys.join(', ');
    return `${issue.keys.length === 1 ? 'Unknown field' : 'Unknown fields'}${field ? ` in ${field}` : ''}: ${names}`;
  }
  const broken = rule(issue);
  if (broken === undefined) return undefined;
  if (field) return `${field} ${broken}`;
  return issue.code === 'invalid_type' && issue.expected === 'object' ? 'The request body must be a JSON object' : `The value ${broken}`;
};

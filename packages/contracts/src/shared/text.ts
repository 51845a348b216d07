import './zod';
import { z } from 'zod';

/** What a refused text says (400 validation_failed). */
export const invalidTextMessage = 'Text contains characters that are not allowed';

// A NUL (PostgreSQL text cannot hold it) or a UTF-16 surrogate without its partner (not
// Unicode at all: it would be stored as U+FFFD, silently changing what was sent).
const forbidden = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether the text can be stored and shown as it was sent. */
export const isStorableText = (value: string): boolean => !forbidden.test(value);

/**
 * The one string schema for text from outside (names, messages, addresses, passwords): a
 * string that refuses NUL and lone surrogates. Chain the usual checks after it
 * (`text().trim().max(100)`); every schema of every domain builds its strings from this. A
 * `message` (a required field's 'Please enter a project name') answers a missing or non-string
 * value too, as it answers an empty one after `.min(1, message)`.
 */
export const text = (message?: string) => z.string(message).refine(isStorableText, message ?? invalidTextMessage);

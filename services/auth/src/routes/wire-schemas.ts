import { z } from 'zod';
import { sessionSchema, signUpResultSchema, userSchema } from '@starforge/contracts/auth';

// The contract types `factors` as `z.array(z.never())`, which the OpenAPI generator cannot
// render; an always-empty array of anything documents and checks the same answer.
const factorsSchema = z.array(z.unknown()).max(0);

export const userResponseSchema = userSchema.extend({ factors: factorsSchema });
export const sessionResponseSchema = sessionSchema.extend({ user: userResponseSchema });
export const signUpResponseSchema = signUpResultSchema.extend({ session: sessionResponseSchema.nullable(), user: userResponseSchema });

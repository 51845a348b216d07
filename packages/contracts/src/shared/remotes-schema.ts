import './zod';
import { z } from 'zod';
import { remoteNames } from './remotes';

/** Some remotes pointed elsewhere (the gateway's REMOTES_MAP / REMOTES_FILE); the rest keep their default. */
export const remotesOverrideSchema = z.partialRecord(z.enum(remoteNames), z.string().min(1));

import { z } from 'zod';
import { remoteNames } from './remotes';

/** The whole remotes map (see RemotesMap). */
export const remotesMapSchema = z.record(z.enum(remoteNames), z.string().min(1));

/** Some remotes pointed elsewhere (the gateway's REMOTES_MAP / REMOTES_FILE); the rest keep their default. */
export const remotesOverrideSchema = z.partialRecord(z.enum(remoteNames), z.string().min(1));

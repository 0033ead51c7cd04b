import { z } from 'zod';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
export type Health = z.infer<typeof HealthSchema>;

/** `/api/ready`: whether this process should be sent traffic; each check says `ok` or what is wrong. */
export const ReadinessSchema = z.object({
  status: z.literal('ready'),
  checks: z.object({ database: z.literal('ok'), migrations: z.literal('ok'), blobs: z.literal('ok') }),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

/** `/version.json`: the build the server is serving, polled by the app to offer a reload. */
export const VersionSchema = z.object({ build: z.string() });
export type Version = z.infer<typeof VersionSchema>;

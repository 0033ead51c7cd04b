import { z } from 'zod';

export const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
export type Health = z.infer<typeof HealthSchema>;

/** `/version.json`: the build the server is serving, polled by the app to offer a reload. */
export const VersionSchema = z.object({ build: z.string() });
export type Version = z.infer<typeof VersionSchema>;

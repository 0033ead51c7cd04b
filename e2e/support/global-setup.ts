import type { TestProject } from 'vitest/node';
import { chromiumPath } from './chromium';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export default async function setup(project: TestProject) {
  // Fail loudly, before anything starts, when there is no browser: never skip silently.
  chromiumPath();
  const server = await startServer();
  project.provide('baseURL', server.url);
  return () => server.stop();
}

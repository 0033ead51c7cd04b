import type { TestProject } from 'vitest/node';
import { startServer } from '../../../../e2e/support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real server the client library is tested against. */
    apiUrl: string;
    /** Bearer tokens of the demo users: Casey (four projects at two companies) and Nico (one). */
    caseyToken: string;
    nicoToken: string;
  }
}

async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Signing ${email} in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** Starts the real server (embedded database, demo seed) once for the client-library suite. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  try {
    project.provide('apiUrl', server.url);
    project.provide('caseyToken', await signIn(server.url, 'customer@example.com', 'portal-demo-1'));
    project.provide('nicoToken', await signIn(server.url, 'neighbor@example.com', 'portal-demo-2'));
  } catch (error) {
    await server.stop();
    throw error;
  }
  return () => server.stop();
}

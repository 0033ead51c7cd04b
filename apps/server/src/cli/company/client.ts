import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileSizeLimitText } from '../../lib/file-types';
import { readStoredSecret } from '../../lib/secret-file';
import { operatorToken } from '../../lib/tokens';
import { NotAnsweringError, RefusedError, SetupError } from './errors';

export interface ClientSettings {
  /** The server, without /api. */
  baseUrl: string;
  apiKey?: string | undefined;
  operatorSecret?: string | undefined;
  dataDir: string;
}

/** A file to send; one over `maxBytes` is refused here, in the server's words, before a byte of it goes out. */
export type FilePart = { field: string; path: string; contentType?: string; maxBytes?: number };

/** The running server's API, as the `company` command calls it: with a company's API key or the operator's secret. */
export function portalClient(settings: ClientSettings) {
  const base = settings.baseUrl.replace(/\/+$/, '');

  async function operatorBearer(): Promise<string> {
    const secret = settings.operatorSecret
      ? Buffer.from(settings.operatorSecret, 'utf8')
      : await readStoredSecret(settings.dataDir, 'operator-secret').catch((error: unknown) => {
          throw new SetupError(`Cannot read the operator secret: ${error instanceof Error ? error.message : String(error)}`);
        });
    if (!secret) {
      throw new SetupError(
        `No operator secret in ${path.join(settings.dataDir, 'operator-secret')}: start the server once with this DATA_DIR, or set OPERATOR_SECRET as the server has it.`,
      );
    }
    return operatorToken(secret);
  }

  function companyBearer(): string {
    if (!settings.apiKey) throw new SetupError('Set PORTAL_API_KEY to an API key of the company (create-company prints one).');
    return settings.apiKey;
  }

  async function send(method: string, pathname: string, bearer: string, body?: unknown, files?: FilePart[], idempotencyKey?: string): Promise<unknown> {
    const headers: Record<string, string> = { authorization: `Bearer ${bearer}`, accept: 'application/json' };
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let payload: string | FormData | undefined;
    if (files) {
      const form = new FormData();
      for (const [name, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
        if (value !== undefined && value !== null) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
      }
      for (const file of files) {
        const bytes = await readFile(file.path).catch((error: unknown) => {
          throw new SetupError(`Cannot read ${file.path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
        });
        // Sent anyway, the server would answer 413 as soon as it saw the length, and close while the command was still
        // sending: the command could then meet a broken connection instead of the answer.
        if (file.maxBytes !== undefined && bytes.length > file.maxBytes) {
          throw new RefusedError(413, 'The file is too large.', { [file.field]: [fileSizeLimitText(file.maxBytes)] });
        }
        form.append(file.field, new Blob([bytes], file.contentType ? { type: file.contentType } : {}), path.basename(file.path));
      }
      payload = form;
    } else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    let response: Response;
    try {
      response = await fetch(`${base}/api${pathname}`, { method, headers, body: payload, redirect: 'manual' });
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      throw new NotAnsweringError(
        `The portal server at ${base} is not answering (${code ?? 'no connection'}): start it with npm start, or set PORTAL_URL to where it runs.`,
      );
    }
    const text = await response.text();
    let answer: unknown = null;
    try {
      answer = text ? JSON.parse(text) : null;
    } catch {
      answer = null;
    }
    if (!response.ok) {
      const refusal = (answer ?? {}) as { message?: unknown; errors?: Record<string, string[]> };
      const message = typeof refusal.message === 'string' ? refusal.message : `The server answered ${response.status}.`;
      throw new RefusedError(response.status, message, refusal.errors ?? {});
    }
    return answer;
  }

  return {
    /** As the company whose key PORTAL_API_KEY holds. */
    company: (method: string, pathname: string, options: { body?: unknown; files?: FilePart[]; idempotencyKey?: string } = {}) =>
      send(method, pathname, companyBearer(), options.body, options.files, options.idempotencyKey),
    /** A file the company's key may read (a PDF), as bytes; a refusal as for any other call. */
    async companyDownload(pathname: string): Promise<Buffer> {
      let response: Response;
      try {
        response = await fetch(`${base}/api${pathname}`, { headers: { authorization: `Bearer ${companyBearer()}` }, redirect: 'manual' });
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code;
        throw new NotAnsweringError(
          `The portal server at ${base} is not answering (${code ?? 'no connection'}): start it with npm start, or set PORTAL_URL to where it runs.`,
        );
      }
      if (!response.ok) {
        const refusal = (await response.json().catch(() => ({}))) as { message?: unknown; errors?: Record<string, string[]> };
        throw new RefusedError(
          response.status,
          typeof refusal.message === 'string' ? refusal.message : `The server answered ${response.status}.`,
          refusal.errors ?? {},
        );
      }
      return Buffer.from(await response.arrayBuffer());
    },
    /** As the operator of this host. */
    operator: async (method: string, pathname: string, body?: unknown) => send(method, pathname, await operatorBearer(), body),
  };
}

export type PortalClient = ReturnType<typeof portalClient>;

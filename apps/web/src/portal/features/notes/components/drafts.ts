import type { PendingNote } from './thread-model';

/**
 * What the user typed survives a reload (docs/requirements.md 11.3: nothing typed is ever lost): the composer's text,
 * and notes that were not acknowledged, per project, in this browser's local storage.
 */
const draftKey = (entity: number) => `portal.notes.draft.${entity}`;
const outboxKey = (entity: number) => `portal.notes.outbox.${entity}`;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null) {
  try {
    if (value === null || value === '') localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage full or blocked: the draft lives on in the page until it closes.
  }
}

export const drafts = {
  text: (entity: number) => read(draftKey(entity)) ?? '',
  saveText: (entity: number, text: string) => write(draftKey(entity), text),

  /** Unacknowledged notes of an earlier visit: shown as failed, to retry. Files cannot be kept. */
  outbox(entity: number): PendingNote[] {
    try {
      const saved = JSON.parse(read(outboxKey(entity)) ?? '[]') as { clientId: string; body: string; createdAt: string; hadFiles?: boolean }[];
      return saved
        .filter((item) => typeof item.clientId === 'string' && typeof item.body === 'string')
        .map((item) => ({
          clientId: item.clientId,
          body: item.body,
          createdAt: item.createdAt,
          files: [],
          filesLost: Boolean(item.hadFiles),
          status: 'failed' as const,
        }));
    } catch {
      return [];
    }
  },
  saveOutbox(entity: number, pending: readonly PendingNote[]) {
    const kept = pending.map((item) => ({
      clientId: item.clientId,
      body: item.body,
      createdAt: item.createdAt,
      hadFiles: item.files.length > 0 || item.filesLost,
    }));
    write(outboxKey(entity), kept.length > 0 ? JSON.stringify(kept) : null);
  },
};

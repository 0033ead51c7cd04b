import type { Note, NoteReadState } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as NoteTextModule from '../../../../components/notes/note-text';
import type { ProjectPageProps } from '../../../lib/portal';
import { emptyPage } from '../../../../test/fixtures';
import { NotesPage } from './notes-page';

// Every time a note's text is drawn, counted; the drawing itself is the real one.
const drawn = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../../components/notes/note-text', async (importOriginal) => {
  const real = await importOriginal<typeof NoteTextModule>();
  return {
    ...real,
    NoteText: (props: Parameters<typeof real.NoteText>[0]) => {
      drawn.count += 1;
      return real.NoteText(props);
    },
  };
});

const ENTITY = 7;
const note = (id: number): Note => ({
  id,
  project_id: 1,
  body: `Note number ${id}, see https://example.com/plans/${id}`,
  author: { type: 'staff', id: 3, name: 'Dana Whitfield', title: 'Project Manager', avatar_url: null },
  is_own: id % 3 === 0,
  attachments: [],
  created_at: new Date(Date.UTC(2026, 10, 1 + Math.floor(id / 5), 9, id)).toISOString(),
});
const THREAD = Array.from({ length: 30 }, (_, index) => note(30 - index));

/** The notes API as the page meets it: the newest page, nothing new when polled, the read mark (moved when asked). */
function stubNotesApi() {
  let read: NoteReadState = { last_read_note_id: 20, unread_count: 10 };
  const marks: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://portal.test');
      if (url.pathname === '/api/notes' && init.method === 'POST') {
        return Response.json({ message: 'The given data was invalid.', errors: { body: ['The note is too long.'] } }, { status: 422 });
      }
      if (url.pathname === '/api/notes' && url.searchParams.has('since')) return Response.json(emptyPage);
      if (url.pathname === '/api/notes') return Response.json({ ...emptyPage, data: THREAD, total: THREAD.length, from: 1, to: THREAD.length });
      if (url.pathname === '/api/notes/read' && init.method === 'PUT') {
        marks.push(JSON.parse(String(init.body)));
        read = { last_read_note_id: 30, unread_count: 0 };
      }
      if (url.pathname === '/api/notes/read') return Response.json(read);
      return Response.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
  return marks;
}

beforeEach(() => {
  drawn.count = 0;
  // jsdom lays nothing out: scrolling is a no-op here.
  Element.prototype.scrollTo = () => undefined;
  Element.prototype.scrollIntoView = () => undefined;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const entity = { id: ENTITY, model: { name: 'Kitchen remodel', number: 'ACM-1042' } } as unknown as ProjectPageProps['entity'];
  render(
    <QueryClientProvider client={client}>
      <NotesPage entity={entity} company={{} as ProjectPageProps['company']} />
    </QueryClientProvider>,
  );
}

describe('the notes page', () => {
  // docs/decisions/106-the-first-page-loaded-before-the-first-render.md: what is left of the page's main-thread work.
  it('leaves the thread as drawn while the user types: a key draws the composer, not thirty notes again', async () => {
    const marks = stubNotesApi();
    renderPage();
    await screen.findByText(/Note number 30,/);
    expect(screen.getByRole('note')).toHaveTextContent('New since your last visit');
    await waitFor(() => expect(marks).toEqual([{ last_read_note_id: 30 }]));
    const before = drawn.count;
    expect(before).toBeGreaterThanOrEqual(THREAD.length);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Note'), 'See you Tuesday');
    expect(screen.getByLabelText('Note')).toHaveValue('See you Tuesday');
    expect(drawn.count).toBe(before);
    expect(screen.getAllByRole('article')).toHaveLength(THREAD.length);
  });

  it('puts a refused note back into the composer with Edit, above what was typed since, and takes it off the thread', async () => {
    stubNotesApi();
    renderPage();
    await screen.findByText(/Note number 30,/);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Note'), 'A very long note');
    await user.click(screen.getByRole('button', { name: 'Send note' }));
    const refused = await screen.findByRole('article', { name: 'Your note, not sent' });
    expect(refused).toHaveTextContent('Not sent: The note is too long.');
    expect(screen.getByLabelText('Note')).toHaveValue('');

    await user.type(screen.getByLabelText('Note'), 'Typed since');
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByLabelText('Note')).toHaveValue('A very long note\n\nTyped since');
    expect(screen.queryByRole('article', { name: 'Your note, not sent' })).toBeNull();
  });
});

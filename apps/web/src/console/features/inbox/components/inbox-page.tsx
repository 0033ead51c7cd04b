import type { InboxItem, InboxKind } from '@portal/contract';
import { Link } from '@tanstack/react-router';
import { FileSignature, FileText, Inbox, ListChecks, Mail, MessageSquare, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { QueryStatus } from '../../../../components/query-status';
import { useDocumentTitle } from '../../../../components/document-title';
import { Pagination } from '../../../../components/pagination';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { FormError } from '../../../../components/ui/form-error';
import { PageHeading } from '../../../../components/ui/page-heading';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { formErrors } from '../../../../lib/form-errors';
import { formatMoment } from '../../../../lib/format';
import { DEFAULT_PAGE_SIZE } from '../../../../lib/page-buttons';
import { useInbox } from '../api/get-inbox';
import { useContactMessage } from '../api/get-message';
import { useMarkInboxItemRead, useMarkInboxRead } from '../api/mark-read';

const KINDS: Record<InboxKind, { label: string; Icon: typeof FileText }> = {
  note: { label: 'Note', Icon: MessageSquare },
  document: { label: 'Document', Icon: FileText },
  message: { label: 'Message', Icon: Mail },
  proposal: { label: 'Proposal', Icon: FileSignature },
  change_order: { label: 'Change order', Icon: FileSignature },
  selection: { label: 'Selection', Icon: ListChecks },
};

/**
 * Where an item lives in the console: the project's notes, documents or selections tab (a choice's id names no page of
 * its own), the proposal or change order, or the message opened here.
 */
export function inboxItemLink(item: Pick<InboxItem, 'kind' | 'id' | 'project'>): { to: string; search?: { message: number } } {
  if (item.kind === 'message' || !item.project) return { to: '/staff/inbox', search: { message: item.id } };
  if (item.kind === 'proposal') return { to: `/staff/projects/${item.project.id}/proposals/${item.id}` };
  if (item.kind === 'change_order') return { to: `/staff/projects/${item.project.id}/change-orders/${item.id}` };
  if (item.kind === 'selection') return { to: `/staff/projects/${item.project.id}/selections` };
  return { to: `/staff/projects/${item.project.id}/${item.kind === 'note' ? 'notes' : 'documents'}` };
}

const projectName = (project: InboxItem['project']) => (project ? project.name || `Project ${project.id}` : 'No project');

function InboxRow({ item, onOpen }: { item: InboxItem; onOpen: (item: InboxItem) => void }) {
  const { label, Icon } = KINDS[item.kind];
  return (
    <li>
      <Link
        {...inboxItemLink(item)}
        onClick={() => onOpen(item)}
        className={`flex gap-3 rounded-2xl bg-white p-4 shadow-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 ${item.read ? 'ring-1 ring-slate-200' : 'ring-2 ring-portal'}`}
      >
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm text-slate-600">
            {item.read ? null : <span className="rounded-full bg-portal px-2 py-0.5 text-xs font-semibold text-on-portal">New</span>}
            <span className="font-medium text-slate-900">{label}</span>
            <span>from {item.from?.name ?? 'a former customer'}</span>
            <span aria-hidden="true" className="hidden sm:inline">
              ·
            </span>
            <span className="wrap-anywhere">{projectName(item.project)}</span>
          </span>
          <span className={`line-clamp-2 wrap-anywhere text-slate-800 ${item.read ? '' : 'font-semibold'}`}>{item.excerpt}</span>
          <time dateTime={item.at} className="text-xs text-slate-600">
            {formatMoment(item.at)}
          </time>
        </span>
      </Link>
    </li>
  );
}

function MessagePanel({ id, onClose }: { id: number; onClose: () => void }) {
  const message = useContactMessage(id);
  return (
    <section aria-labelledby="message-subject" className="mb-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <div className="mb-3 flex items-start justify-between gap-3">
        <h2 id="message-subject" className="min-w-0 wrap-anywhere text-lg font-semibold text-slate-900">
          {message.data ? message.data.subject : message.isError ? 'Message not found' : 'Message'}
        </h2>
        <Button variant="ghost" className="shrink-0 px-3 py-1.5 text-sm" onClick={onClose} aria-label="Close the message">
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
      {message.isPending ? (
        <PageSpinner />
      ) : message.isError ? (
        <p className="text-slate-700">This message does not exist or belongs to another company.</p>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">
            From{' '}
            {message.data.portal_user
              ? `${[message.data.portal_user.first_name, message.data.portal_user.last_name].filter(Boolean).join(' ') || message.data.portal_user.email} (${message.data.portal_user.email})`
              : 'a former customer'}
            , <time dateTime={message.data.created_at}>{formatMoment(message.data.created_at)}</time>
          </p>
          <p className="whitespace-pre-wrap wrap-anywhere text-slate-800">{message.data.message}</p>
        </>
      )}
    </section>
  );
}

/**
 * The console's inbox (docs/staff-console.md): what customers did across the company's projects, newest first, unread
 * ones marked; it polls, so a new note shows without a reload. Opening an item marks it read for this member.
 */
export function InboxPage({ messageId, onMessageChange }: { messageId?: number; onMessageChange: (id: number | undefined) => void }) {
  useDocumentTitle('Inbox');
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const inbox = useInbox({ page, size, unreadOnly });
  const markRead = useMarkInboxItemRead();
  const markAll = useMarkInboxRead();
  const { form } = formErrors(markAll.error ?? markRead.error);
  const { mutate } = markRead;

  // A message opened from its link (or a bookmark) is read once it shows.
  useEffect(() => {
    if (messageId !== undefined) mutate({ kind: 'message', id: messageId });
  }, [messageId, mutate]);

  const open = (item: InboxItem) => {
    if (item.kind !== 'message' && item.project) mutate({ kind: item.kind, id: item.id });
  };

  const unread = inbox.data?.unread ?? 0;
  const filters = (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <div role="group" aria-label="Show" className="inline-flex rounded-full bg-white p-1 ring-1 ring-slate-300">
        {[
          { value: false, label: 'All' },
          { value: true, label: 'Unread' },
        ].map((option) => (
          <button
            key={option.label}
            type="button"
            aria-pressed={unreadOnly === option.value}
            onClick={() => {
              setUnreadOnly(option.value);
              setPage(1);
            }}
            className="rounded-full px-4 py-1.5 text-sm font-medium text-slate-700 aria-pressed:bg-portal aria-pressed:text-on-portal"
          >
            {option.label}
          </button>
        ))}
      </div>
      <Button variant="ghost" className="px-4 py-1.5 text-sm" onClick={() => markAll.mutate()} disabled={markAll.isPending || unread === 0}>
        Mark all read
      </Button>
    </div>
  );

  return (
    <>
      <PageHeading title="Inbox">
        {inbox.data ? (unread === 0 ? 'Everything is read.' : `${unread} unread.`) : 'What customers did across your projects.'}
      </PageHeading>
      {messageId !== undefined ? <MessagePanel id={messageId} onClose={() => onMessageChange(undefined)} /> : null}
      <FormError message={form} />
      {filters}
      <QueryStatus query={inbox} noun="inbox" className="text-slate-700" />
      {!inbox.isSuccess ? null : inbox.data.data.length === 0 ? (
        <EmptyState icon={Inbox} title={unreadOnly ? 'Nothing unread' : 'Nothing here yet'}>
          {unreadOnly
            ? 'You have read everything customers sent.'
            : 'Notes customers write, documents they upload and messages they send from the contact page show up here.'}
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Inbox items" className="mb-6 flex flex-col gap-3">
            {inbox.data.data.map((item) => (
              <InboxRow key={`${item.kind}-${item.id}`} item={item} onOpen={open} />
            ))}
          </ul>
          <Pagination
            label="Inbox pages"
            page={inbox.data.current_page}
            lastPage={inbox.data.last_page}
            pageSize={size}
            total={inbox.data.total}
            onPageChange={setPage}
            onPageSizeChange={(next) => {
              setSize(next);
              setPage(1);
            }}
          />
        </>
      )}
    </>
  );
}

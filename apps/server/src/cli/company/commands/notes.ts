import type { IntegrationNote } from '@portal/contract';
import { defineCommand, idOption, textOption } from '../command';
import { UsageError } from '../errors';
import { contentTypeOf } from './company';

export const reply = defineCommand({
  name: 'add-note',
  summary: "post a note on a project's thread (as a staff member, or the company)",
  as: 'company',
  options: {
    project: { type: 'string', value: 'ID', required: true, help: 'the project' },
    text: { type: 'string', value: 'TEXT', required: true, help: 'what the note says' },
    'author-staff': { type: 'string', value: 'ID', help: 'the staff member who signs it' },
    internal: { type: 'boolean', help: 'only the company sees it' },
    attach: { type: 'string', value: 'FILE', multiple: true, help: 'an image or PDF to attach; repeat for more' },
  },
  async run({ client, options, json, print, resolvePath }) {
    const project = idOption(options, 'project');
    const text = textOption(options, 'text')!;
    if (!text.trim()) throw new UsageError('--text must say something.');
    const attachments = ((options.attach as string[] | undefined) ?? []).map(resolvePath);
    const note = (await client.company('POST', `/integration/projects/${project}/notes`, {
      body: {
        body: text,
        ...(options['author-staff'] === undefined ? {} : { author_staff_id: idOption(options, 'author-staff') }),
        shared_with_portal: options.internal !== true,
      },
      ...(attachments.length > 0 ? { files: attachments.map((file) => ({ field: 'files', path: file, contentType: contentTypeOf(file) })) } : {}),
    })) as IntegrationNote;
    if (json) return print(JSON.stringify(note, null, 2));
    const files = note.attachments.length > 0 ? ` with ${note.attachments.length} file${note.attachments.length === 1 ? '' : 's'}` : '';
    print(`Note ${note.id} added to project ${project}${files}${note.shared_with_portal ? '' : ' (internal)'}.`);
  },
});

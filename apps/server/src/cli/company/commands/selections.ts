import {
  MAX_PHOTO_BYTES,
  type IntegrationSelection,
  type IntegrationSelectionChoice,
  type IntegrationSelectionDetail,
  type IntegrationSelectionOption,
  type IntegrationSelectionPage,
  type IntegrationSelectionUpdate,
} from '@portal/contract';
import { money, selectionStatus } from '../format';
import { defineCommand, idArgument, idOption, moneyOption, textOption, type CommandContext } from '../command';
import { UsageError } from '../errors';
import { contentTypeOf } from './company';

/** `company selections …`: the choices a project's customer makes, their options and photos, and the company's hand on them. */

const idOnly = [{ name: 'id', value: 'ID', help: 'the selection' }] as const;
const idAndOption = [...idOnly, { name: 'option', value: 'OPTION', help: 'the option of that selection' }] as const;

const chosenText = (selection: IntegrationSelection) =>
  selection.chosen
    ? `, chosen ${selection.chosen.title} ${money(selection.chosen.price)}${selection.chosen.chosen_by === 'company' ? ' (by the company)' : ''}`
    : '';

function describe(selection: IntegrationSelection): string {
  const room = selection.room ? ` (${selection.room})` : '';
  const deadline = selection.deadline ? `choose by ${selection.deadline}` : 'no deadline';
  const allowance = selection.allowance ? `, allowance #${selection.allowance.id} "${selection.allowance.name}"` : '';
  const options = `${selection.option_count} option${selection.option_count === 1 ? '' : 's'}`;
  return `Selection ${selection.id}${room} for project ${selection.project_id}: ${selectionStatus(selection.status)}, ${options}, ${deadline}${allowance}${chosenText(selection)}: ${selection.title}`;
}

function optionLine(option: IntegrationSelectionOption): string {
  const parts = [money(option.price)];
  if (option.difference !== null) parts.push(`${option.difference.startsWith('-') ? '' : '+'}${money(option.difference)} against the allowance`);
  if (option.lead_time_days !== null) parts.push(`${option.lead_time_days} days lead time`);
  parts.push(`${option.photos.length} photo${option.photos.length === 1 ? '' : 's'}`);
  if (option.supplier_url) parts.push(option.supplier_url);
  return `    #${option.id} ${option.title}: ${parts.join(', ')}`;
}

function choiceLine(choice: IntegrationSelectionChoice): string {
  const who =
    choice.chosen_by === 'company' ? `the company (${choice.signer_name})` : `${choice.signer_name}${choice.signer_email ? ` <${choice.signer_email}>` : ''}`;
  const replaced = choice.replaced_at ? `; replaced by a ${choice.replaced_by} at ${choice.replaced_at}` : '';
  const note = choice.note ? ` Note: ${choice.note}` : '';
  return `    ${choice.option_title} ${money(choice.option_price)} chosen by ${who} at ${choice.chosen_at} from ${choice.ip_address}${replaced}.${note}`;
}

function details(selection: IntegrationSelectionDetail): string[] {
  const lines = [describe(selection)];
  if (selection.description) lines.push(`  ${selection.description}`);
  if (selection.locked_at) lines.push(`  Locked at ${selection.locked_at}`);
  lines.push('  Options:', ...selection.options.map(optionLine));
  if (selection.history.length > 0) lines.push('  Choices, newest first:', ...selection.history.map(choiceLine));
  return lines;
}

const print = (json: boolean, out: (line: string) => void, selection: IntegrationSelectionDetail) =>
  out(json ? JSON.stringify(selection, null, 2) : describe(selection));

/** `--deadline YYYY-MM-DD`, or `none` for no deadline. */
function deadlineOption(options: CommandContext['options']): string | null | undefined {
  const text = textOption(options, 'deadline');
  if (text === undefined) return undefined;
  return text.trim().toLowerCase() === 'none' ? null : text.trim();
}

/** `--allowance ID`, or `none` to draw on no allowance. */
function allowanceOption(options: CommandContext['options']): number | null | undefined {
  const text = textOption(options, 'allowance');
  if (text === undefined) return undefined;
  return text.trim().toLowerCase() === 'none' ? null : idOption(options, 'allowance');
}

/** The fields the flags give, leaving out those not given. */
function selectionFields(options: CommandContext['options']): IntegrationSelectionUpdate {
  const deadline = deadlineOption(options);
  const allowance = allowanceOption(options);
  return {
    ...(textOption(options, 'title') === undefined ? {} : { title: textOption(options, 'title') }),
    ...(textOption(options, 'description') === undefined ? {} : { description: textOption(options, 'description') }),
    ...(textOption(options, 'room') === undefined ? {} : { room: textOption(options, 'room') }),
    ...(deadline === undefined ? {} : { deadline }),
    ...(allowance === undefined ? {} : { allowance_id: allowance }),
  };
}

/** The API's fields the flags fill, so that a refusal speaks of what was typed. */
const fieldFlags = { allowance_id: 'allowance', project_id: 'project', lead_time_days: 'lead-days', supplier_url: 'supplier' };

const selectionOptions = {
  title: { type: 'string', value: 'TEXT', help: 'what the customer chooses, e.g. "Kitchen faucet"' },
  description: { type: 'string', value: 'TEXT', help: 'what to know before choosing' },
  room: { type: 'string', value: 'TEXT', help: 'the room the portal groups it under, e.g. Kitchen' },
  deadline: { type: 'string', value: 'YYYY-MM-DD', help: 'the last day to choose, or none' },
  allowance: { type: 'string', value: 'ID', help: 'the allowance it draws on, or none' },
} as const;

export const listSelections = defineCommand({
  name: 'selections list',
  summary: "a project's selections and what was chosen",
  as: 'company',
  options: {
    project: { type: 'string', value: 'ID', required: true, help: 'the project' },
    status: { type: 'string', value: 'STATUS', help: 'to_choose, chosen, locked or past_deadline' },
    page: { type: 'string', value: 'N', help: 'the page (50 a page)' },
  },
  async run({ client, options, json, print: out }) {
    const query = new URLSearchParams({
      'filter[project_id]': String(idOption(options, 'project')),
      'page[size]': '50',
      'page[number]': textOption(options, 'page') ?? '1',
    });
    const status = textOption(options, 'status');
    if (status) query.set('filter[status]', status);
    const page = (await client.company('GET', `/integration/selections?${query.toString()}`)) as IntegrationSelectionPage;
    if (json) return out(JSON.stringify(page, null, 2));
    if (page.data.length === 0) out('No selections.');
    for (const selection of page.data) out(describe(selection));
  },
});

export const showSelection = defineCommand({
  name: 'selections show',
  summary: 'one selection with its options and every choice, with its evidence',
  as: 'company',
  arguments: idOnly,
  options: {},
  async run({ client, options, json, print: out }) {
    const selection = (await client.company('GET', `/integration/selections/${idArgument(options, 'id', 'ID')}`)) as IntegrationSelectionDetail;
    if (json) return out(JSON.stringify(selection, null, 2));
    for (const line of details(selection)) out(line);
  },
});

export const addSelection = defineCommand({
  name: 'selections add',
  summary: 'a selection for the customer to make (add its options with selections option-add)',
  as: 'company',
  fieldOptions: fieldFlags,
  options: { project: { type: 'string', value: 'ID', required: true, help: 'the project' }, ...selectionOptions },
  async run({ client, options, json, print: out }) {
    if (textOption(options, 'title') === undefined) throw new UsageError('Give the selection a title: --title TEXT.');
    const body = { project_id: idOption(options, 'project'), ...selectionFields(options) };
    print(json, out, (await client.company('POST', '/integration/selections', { body })) as IntegrationSelectionDetail);
  },
});

export const editSelection = defineCommand({
  name: 'selections edit',
  summary: 'change a selection: the fields given, the rest as they are',
  as: 'company',
  fieldOptions: fieldFlags,
  arguments: idOnly,
  options: selectionOptions,
  async run({ client, options, json, print: out }) {
    const id = idArgument(options, 'id', 'ID');
    const body = selectionFields(options);
    if (Object.keys(body).length === 0) throw new UsageError('Give at least one field to change.');
    print(json, out, (await client.company('PATCH', `/integration/selections/${id}`, { body })) as IntegrationSelectionDetail);
  },
});

export const removeSelection = defineCommand({
  name: 'selections remove',
  summary: 'delete a selection with its options (one with a choice: reset it first)',
  as: 'company',
  arguments: idOnly,
  options: {},
  async run({ client, options, json, print: out }) {
    const id = idArgument(options, 'id', 'ID');
    await client.company('DELETE', `/integration/selections/${id}`);
    out(json ? JSON.stringify({ id, deleted: true }) : `Selection ${id} deleted.`);
  },
});

export const addSelectionOption = defineCommand({
  name: 'selections option-add',
  summary: 'an option of a selection, with its price and photos',
  as: 'company',
  fieldOptions: fieldFlags,
  arguments: idOnly,
  options: {
    title: { type: 'string', value: 'TEXT', required: true, help: 'the option, e.g. "Matte black pull-down"' },
    price: { type: 'string', value: 'AMOUNT', required: true, help: 'what it costs the customer, e.g. 400.00' },
    description: { type: 'string', value: 'TEXT', help: 'what to know about it' },
    'lead-days': { type: 'string', value: 'N', help: 'days from order to delivery' },
    supplier: { type: 'string', value: 'URL', help: "the supplier's page about it" },
    photo: { type: 'string', value: 'FILE', multiple: true, help: 'a photo (JPEG, PNG, WebP or HEIC); repeat for more, up to 6' },
  },
  async run({ client, options, json, print: out, resolvePath }) {
    const id = idArgument(options, 'id', 'ID');
    const leadDays = textOption(options, 'lead-days');
    if (leadDays !== undefined && !/^\d{1,4}$/.test(leadDays.trim())) throw new UsageError(`--lead-days takes a whole number of days, not "${leadDays}".`);
    const body = {
      title: textOption(options, 'title'),
      price: moneyOption(options, 'price'),
      ...(textOption(options, 'description') === undefined ? {} : { description: textOption(options, 'description') }),
      ...(leadDays === undefined ? {} : { lead_time_days: Number(leadDays.trim()) }),
      ...(textOption(options, 'supplier') === undefined ? {} : { supplier_url: textOption(options, 'supplier') }),
    };
    const option = (await client.company('POST', `/integration/selections/${id}/options`, { body })) as IntegrationSelectionOption;
    const photos = ((options.photo as string[] | undefined) ?? []).map(resolvePath);
    if (!json) out(`Option ${option.id} of selection ${id}: ${option.title}, ${money(option.price)}.`);
    if (photos.length > 0) {
      const files = photos.map((path) => ({ field: 'files', path, contentType: contentTypeOf(path), maxBytes: MAX_PHOTO_BYTES }));
      const answer = (await client.company('POST', `/integration/selections/${id}/options/${option.id}/photos`, { files })) as { data: unknown[] };
      option.photos.push(...(answer.data as IntegrationSelectionOption['photos']));
      if (!json) out(`${answer.data.length} photo${answer.data.length === 1 ? '' : 's'} added.`);
    }
    if (json) out(JSON.stringify(option, null, 2));
  },
});

export const removeSelectionOption = defineCommand({
  name: 'selections option-remove',
  summary: 'delete an option that was never chosen',
  as: 'company',
  arguments: idAndOption,
  options: {},
  async run({ client, options, json, print: out }) {
    const id = idArgument(options, 'id', 'ID');
    const option = idArgument(options, 'option', 'OPTION');
    await client.company('DELETE', `/integration/selections/${id}/options/${option}`);
    out(json ? JSON.stringify({ id: option, deleted: true }) : `Option ${option} of selection ${id} deleted.`);
  },
});

/** One of the company's actions on a selection, answered with the selection. */
const action = (verb: 'lock' | 'unlock' | 'reset', summary: string) =>
  defineCommand({
    name: `selections ${verb}`,
    summary,
    as: 'company',
    arguments: idOnly,
    options: {},
    async run({ client, options, json, print: out }) {
      const id = idArgument(options, 'id', 'ID');
      print(json, out, (await client.company('POST', `/integration/selections/${id}/${verb}`)) as IntegrationSelectionDetail);
    },
  });

export const lockSelection = action('lock', 'lock a selection once what was chosen is ordered: the customer can no longer change it');
export const unlockSelection = action('unlock', 'unlock a selection: the customer may choose again until the deadline');
export const resetSelection = action('reset', 'clear the choice (kept in the history): the customer chooses again');

export const chooseSelection = defineCommand({
  name: 'selections choose',
  summary: "choose an option on the customer's behalf (recorded as the company's choice)",
  as: 'company',
  arguments: idAndOption,
  options: { note: { type: 'string', value: 'TEXT', help: 'why the company chose for them, e.g. "by phone, Dec 3"' } },
  async run({ client, options, json, print: out }) {
    const id = idArgument(options, 'id', 'ID');
    const body = {
      option_id: idArgument(options, 'option', 'OPTION'),
      ...(textOption(options, 'note') === undefined ? {} : { note: textOption(options, 'note') }),
    };
    print(json, out, (await client.company('POST', `/integration/selections/${id}/choose`, { body })) as IntegrationSelectionDetail);
  },
});

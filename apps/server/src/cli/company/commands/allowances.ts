import {
  formatChangeOrderNumber,
  type IntegrationAllowance,
  type IntegrationAllowanceChangeOrder,
  type IntegrationAllowanceDetail,
  type IntegrationAllowancePage,
  type IntegrationAllowanceUpdate,
} from '@portal/contract';
import { toCents } from '@portal/contract/money';
import { allowanceDifference, changeOrderStatus, money } from '../format';
import { defineCommand, idArgument, idOption, moneyOption, textOption } from '../command';
import { UsageError } from '../errors';

/** `company allowances …`: a project's allowances, their money, and carrying a credit (docs/company-api.md "Selections and allowances"). */

const idOnly = [{ name: 'id', value: 'ID', help: 'the allowance' }] as const;

function describe(allowance: IntegrationAllowance): string {
  const head = `Allowance ${allowance.id} "${allowance.name}" (project ${allowance.project_id}): ${money(allowance.amount)}`;
  if (toCents(allowance.chosen) === 0 && toCents(allowance.carried) === 0) return `${head}, nothing chosen yet.`;
  return (
    `${head}, chosen ${money(allowance.chosen)}, ${allowanceDifference(allowance.difference)}; ` +
    `carried ${money(allowance.carried)}, outstanding ${money(allowance.outstanding)}.`
  );
}

const changeOrderLine = (changeOrder: IntegrationAllowanceChangeOrder) =>
  `  Change order #${changeOrder.id} ${formatChangeOrderNumber(changeOrder.number, changeOrder.version)}: ${changeOrderStatus(changeOrder.status)}, ${money(changeOrder.total)}`;

function details(allowance: IntegrationAllowanceDetail): string[] {
  const selections = `  ${allowance.selection_count} selection${allowance.selection_count === 1 ? '' : 's'} draw on it.`;
  return [describe(allowance), selections, ...allowance.change_orders.map(changeOrderLine)];
}

export const listAllowances = defineCommand({
  name: 'allowances list',
  summary: "a project's allowances with what is chosen against each",
  as: 'company',
  options: {
    project: { type: 'string', value: 'ID', required: true, help: 'the project' },
    page: { type: 'string', value: 'N', help: 'the page (50 a page)' },
  },
  async run({ client, options, json, print }) {
    const query = new URLSearchParams({
      'filter[project_id]': String(idOption(options, 'project')),
      'page[size]': '50',
      'page[number]': textOption(options, 'page') ?? '1',
    });
    const page = (await client.company('GET', `/integration/allowances?${query.toString()}`)) as IntegrationAllowancePage;
    if (json) return print(JSON.stringify(page, null, 2));
    if (page.data.length === 0) print('No allowances.');
    for (const allowance of page.data) print(describe(allowance));
  },
});

export const addAllowance = defineCommand({
  name: 'allowances add',
  summary: 'an allowance: the money the contract holds for something the customer picks later',
  as: 'company',
  fieldOptions: { project_id: 'project' },
  options: {
    project: { type: 'string', value: 'ID', required: true, help: 'the project' },
    name: { type: 'string', value: 'TEXT', required: true, help: 'what it is for, e.g. "Kitchen faucet"' },
    amount: { type: 'string', value: 'AMOUNT', required: true, help: 'the money it holds, e.g. 400.00' },
  },
  async run({ client, options, json, print }) {
    const body = { project_id: idOption(options, 'project'), name: textOption(options, 'name'), amount: moneyOption(options, 'amount') };
    const allowance = (await client.company('POST', '/integration/allowances', { body })) as IntegrationAllowanceDetail;
    print(json ? JSON.stringify(allowance, null, 2) : describe(allowance));
  },
});

export const editAllowance = defineCommand({
  name: 'allowances edit',
  summary: "change an allowance's name or amount (the change order trail is worked out again)",
  as: 'company',
  arguments: idOnly,
  options: {
    name: { type: 'string', value: 'TEXT', help: 'the new name' },
    amount: { type: 'string', value: 'AMOUNT', help: 'the new amount' },
  },
  async run({ client, options, json, print }) {
    const id = idArgument(options, 'id', 'ID');
    const amount = moneyOption(options, 'amount');
    const body: IntegrationAllowanceUpdate = {
      ...(textOption(options, 'name') === undefined ? {} : { name: textOption(options, 'name') }),
      ...(amount === undefined ? {} : { amount }),
    };
    if (Object.keys(body).length === 0) throw new UsageError('Give --name or --amount to change.');
    const allowance = (await client.company('PATCH', `/integration/allowances/${id}`, { body })) as IntegrationAllowanceDetail;
    print(json ? JSON.stringify(allowance, null, 2) : describe(allowance));
  },
});

export const showAllowance = defineCommand({
  name: 'allowances show',
  summary: 'one allowance with its money and the change orders made from it',
  as: 'company',
  arguments: idOnly,
  options: {},
  async run({ client, options, json, print }) {
    const allowance = (await client.company('GET', `/integration/allowances/${idArgument(options, 'id', 'ID')}`)) as IntegrationAllowanceDetail;
    if (json) return print(JSON.stringify(allowance, null, 2));
    for (const line of details(allowance)) print(line);
  },
});

export const removeAllowance = defineCommand({
  name: 'allowances remove',
  summary: 'delete an allowance (its selections stay, drawing on none)',
  as: 'company',
  arguments: idOnly,
  options: {},
  async run({ client, options, json, print }) {
    const id = idArgument(options, 'id', 'ID');
    await client.company('DELETE', `/integration/allowances/${id}`);
    print(json ? JSON.stringify({ id, deleted: true }) : `Allowance ${id} deleted.`);
  },
});

export const creditAllowance = defineCommand({
  name: 'allowances credit',
  summary: "carry an allowance's credit (chosen under it) as a change order draft",
  as: 'company',
  arguments: idOnly,
  options: {},
  async run({ client, options, json, print }) {
    const id = idArgument(options, 'id', 'ID');
    const changeOrder = (await client.company('POST', `/integration/allowances/${id}/credit`)) as IntegrationAllowanceChangeOrder;
    if (json) return print(JSON.stringify(changeOrder, null, 2));
    print(
      `Change order ${changeOrder.id} (${formatChangeOrderNumber(changeOrder.number, changeOrder.version)}) carries the credit of allowance ${id}: ` +
        `${changeOrderStatus(changeOrder.status)}, total ${money(changeOrder.total)}. Send it with send-change-order --id ${changeOrder.id}.`,
    );
  },
});

import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageBytes, pdfBytes } from '../../test/fixtures';
import { useTestApp } from '../../test/suite';
import { accounts, albums, companies, contactMessages, notes, projects } from '../db/schema';
import { runCompanyCommand } from './company/run';

/** The `company` command against a real listening server (docs/company-api.md, "The company command"). */

const t = useTestApp();
const HEIC_FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/files/photo.heic');
let url: string;

let closedPort: number;

beforeAll(async () => {
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // A port nothing listens on: where a server that is not running would be.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});

async function company(args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCompanyCommand(args, {
    env: { PORTAL_URL: url, DATA_DIR: t.dataDir, ...env },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('the company command', () => {
  let key: string;

  it('takes on a company on an empty portal, through the running server', async () => {
    const run = await company([
      'create-company',
      '--name',
      'Harbor Roofing',
      '--owner-email',
      'owner@harbor.example',
      '--owner-name',
      'Hana Harbor',
      '--color',
      '#0f766e',
    ]);
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out).toContain('Company 1: Harbor Roofing (theme code harbor-roofing).');
    expect(run.out).toMatch(/^Owner: Hana Harbor <owner@harbor\.example> \(staff \d+\)\.$/m);
    key = /ppk_\S+/.exec(run.out)![0];
    const [row] = await t.app.database.db.select().from(companies).where(eq(companies.name, 'Harbor Roofing'));
    expect(row?.color).toBe('#0f766e');
  });

  it("runs a company's commands with its key", async () => {
    const switched = await company(['switch', '--set', 'is_portal_project_notes_enabled=true'], { PORTAL_API_KEY: key });
    expect(switched).toMatchObject({ code: 0, out: 'Harbor Roofing: is_portal_project_notes_enabled=true' });
  });

  it('brands the company and sets its logo from a file', async () => {
    const updated = await company(['update-company', '--color', '#1d4ed8', '--theme-code', 'harbor', '--welcome', 'Hello'], { PORTAL_API_KEY: key });
    expect(updated).toMatchObject({ code: 0, out: 'Harbor Roofing (theme code harbor, colour #1d4ed8) updated.' });
    const logo = path.join(t.dataDir, 'logo.png');
    await writeFile(logo, await imageBytes('png', 120, 40));
    const set = await company(['set-logo', '--file', logo], { PORTAL_API_KEY: key });
    expect(set.out).toMatch(/^Logo of Harbor Roofing set: http:\/\/portal\.test\/api\/logos\/\d+$/);
    const missing = await company(['set-logo', '--file', path.join(t.dataDir, 'nope.png')], { PORTAL_API_KEY: key });
    expect(missing.code).toBe(2);
    expect(missing.err.split('\n')[0]).toBe(`Cannot read ${path.join(t.dataDir, 'nope.png')}: ENOENT`);
    const notImage = await company(['set-logo', '--file', path.join(t.dataDir, 'operator-secret')], { PORTAL_API_KEY: key });
    expect(notImage.code).toBe(1);
    expect(notImage.err).toMatch(/^Refused \(422\): The given data was invalid\.\n {2}file: /);
  });

  it('prints the refusal of a file name with control characters or a text-direction override, without a stack', async () => {
    for (const name of ['logo\u0007.png', 'logo\u202egnp.exe', 'logo\u001b[2J.png']) {
      const file = path.join(t.dataDir, name);
      await writeFile(file, await imageBytes('png', 120, 40));
      const refused = await company(['set-logo', '--file', file], { PORTAL_API_KEY: key });
      expect(refused.code, JSON.stringify(name)).toBe(1);
      expect(refused.err).toBe(
        'Refused (422): The given data was invalid.\n  file: The file name must not contain control characters or text-direction overrides; rename the file.',
      );
      expect(refused.out).toBe('');
    }
  });

  it('says in one line what is wrong, then the usage, with exit code 2, for what cannot run as typed', async () => {
    const cases: [string[], Record<string, string>, RegExp][] = [
      [['create-company', '--owner-email'], {}, /^Option '--owner-email <value>' argument missing$/],
      [['create-company', '--name', 'X', '--owner-email', 'x@x.example', '--owner-name', 'X', '--bogus'], {}, /^Unknown option '--bogus'/],
      [['create-company', '--owner-email', 'x@x.example'], {}, /^create-company needs --name NAME\.$/],
      [['create-company', '--name', 'X', '--owner-email', 'x@x.example'], {}, /^create-company needs --owner-name NAME\.$/],
      [['frobnicate'], {}, /^Unknown command "frobnicate"\.$/],
      [['add-note', '--project', 'abc', '--text', 'hi'], { PORTAL_API_KEY: 'ppk_1_x' }, /^--project must be a whole number, not "abc"\.$/],
      [['add-note', '--project', '1', '--text', 'hi'], {}, /^Set PORTAL_API_KEY/],
      [
        ['list-api-keys'],
        { PORTAL_URL: `http://127.0.0.1:${closedPort}` },
        /^The portal server at http:\/\/127\.0\.0\.1:\d+ is not answering \(ECONNREFUSED\)/,
      ],
      [['list-api-keys'], { DATA_DIR: path.join(t.dataDir, 'nowhere') }, /^No operator secret in /],
    ];
    for (const [args, env, first] of cases) {
      const run = await company(args, env);
      expect(run.code, args.join(' ')).toBe(2);
      const lines = run.err.split('\n');
      expect(lines[0]).toMatch(first);
      expect(lines[1]).toBe('');
      expect(lines[2]).toMatch(/^Usage: npx company /);
      expect(run.err).not.toMatch(/\n\s+at /);
    }
  });

  it("prints the server's refusal and its field errors with exit code 1, and nothing is written", async () => {
    const run = await company(['create-company', '--name', 'Taken', '--owner-email', 'x@x.example', '--owner-name', 'Tia Taken', '--theme-code', 'harbor']);
    expect(run).toMatchObject({
      code: 1,
      err: 'Refused (422): The given data was invalid.\n  theme_code: The theme code is already taken by another company.',
    });
    expect(await t.app.database.db.select().from(companies).where(eq(companies.name, 'Taken'))).toEqual([]);
    const note = await company(['add-note', '--project', '99999', '--text', 'Lost'], { PORTAL_API_KEY: key });
    expect(note).toMatchObject({ code: 1, err: 'Refused (404): Not found.' });
    expect(await t.app.database.db.select().from(notes)).toEqual([]);
  });
});

describe('invoices and messages from the terminal', () => {
  let key: string;
  let projectId: number;

  beforeAll(async () => {
    const created = await company([
      'create-company',
      '--name',
      'Ledger Builders',
      '--owner-email',
      'owner@ledger.example',
      '--owner-name',
      'Lee Ledger',
      '--json',
    ]);
    const answer = JSON.parse(created.out) as { company: { id: number }; api_key: { key: string } };
    key = answer.api_key.key;
    await company(['switch', '--set', 'is_portal_invoicing_enabled=true'], { PORTAL_API_KEY: key });
    const [project] = await t.app.database.db.insert(projects).values({ company_id: answer.company.id, name: 'Garage' }).returning();
    projectId = project!.id;
    await t.app.database.db
      .insert(contactMessages)
      .values({ company_id: answer.company.id, project_id: projectId, subject: 'Gutters', message: 'Can you\nlook at them?' });
  });

  it('creates and sends an invoice with lines and tax, then records a partial payment', async () => {
    const invoice = await company(
      [
        'create-invoice',
        '--project',
        String(projectId),
        '--number',
        'INV-1',
        '--line',
        'Tear-off|1|4000.00',
        '--line',
        'Shingles|20|$150',
        '--tax-rate',
        '8.25',
        '--send',
      ],
      { PORTAL_API_KEY: key },
    );
    expect(invoice).toMatchObject({ code: 0, err: '' });
    const id = /^Invoice (\d+) \(INV-1\)/.exec(invoice.out)![1]!;
    expect(invoice.out).toBe(`Invoice ${id} (INV-1) for project ${projectId}: Sent, total $7,577.50, balance $7,577.50.`);
    const paid = await company(['record-payment', '--invoice', id, '--amount', '2000.00', '--method', 'Check', '--reference', '1042'], { PORTAL_API_KEY: key });
    expect(paid.out).toBe(`Invoice ${id} (INV-1) for project ${projectId}: Partially paid, total $7,577.50, balance $5,577.50.`);
    const tooMuch = await company(['record-payment', '--invoice', id, '--amount', '9000.00', '--method', 'Check'], { PORTAL_API_KEY: key });
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.err).toMatch(/^Refused \(422\): .*\n {2}--amount: /);
    // Money as people type it: a dollar sign and thousands separators.
    const typed = await company(['record-payment', '--invoice', id, '--amount', '$185', '--method', 'Card'], { PORTAL_API_KEY: key });
    expect(typed.out).toBe(`Invoice ${id} (INV-1) for project ${projectId}: Partially paid, total $7,577.50, balance $5,392.50.`);
    const grouped = await company(['record-payment', '--invoice', id, '--amount', '1,250.00', '--method', 'ACH'], { PORTAL_API_KEY: key });
    expect(grouped.out).toBe(`Invoice ${id} (INV-1) for project ${projectId}: Partially paid, total $7,577.50, balance $4,142.50.`);
    for (const [amount, said] of [
      ['1,25', '--amount: "1,25" is not an amount: a comma may only separate thousands (1,250.00), and cents follow a point (1.25).'],
      ['€40', '--amount: "€40" is not in US dollars, the only currency the portal takes.'],
      ['12.345', '--amount: "12.345" has more than two digits after the point: cents are two digits, e.g. 12.35.'],
    ] as const) {
      const refused = await company(['record-payment', '--invoice', id, '--amount', amount, '--method', 'Check'], { PORTAL_API_KEY: key });
      expect(refused.code, amount).toBe(2);
      expect(refused.err.split('\n')[0]).toBe(said);
    }
    const badPrice = await company(['create-invoice', '--project', String(projectId), '--number', 'INV-3', '--line', 'Gutters|1|1,5'], {
      PORTAL_API_KEY: key,
    });
    expect(badPrice.err.split('\n')[0]).toBe(
      '--line "Gutters|1|1,5", unit price: "1,5" is not an amount: a comma may only separate thousands (1,250.00), and cents follow a point (1.25).',
    );
    const badLine = await company(['create-invoice', '--project', String(projectId), '--number', 'INV-2', '--line', 'no price'], { PORTAL_API_KEY: key });
    expect(badLine.code).toBe(2);
    expect(badLine.err.split('\n')[0]).toBe('--line takes DESCRIPTION|QUANTITY|UNIT PRICE, e.g. "Shingles|20|150.00", not "no price".');
  });

  it('lists the invoices as a table, one project’s or all', async () => {
    const listed = await company(['list-invoices', '--project', String(projectId)], { PORTAL_API_KEY: key });
    expect(listed).toMatchObject({ code: 0, err: '' });
    const [heading, ...rows] = listed.out.split('\n');
    expect(heading).toMatch(/^ID\s+NUMBER\s+PROJECT\s+STATUS\s+ISSUED\s+DUE\s+TOTAL\s+BALANCE$/);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(
      new RegExp(`^\\s*\\d+\\s+INV-1\\s+${projectId}\\s+Partially paid\\s+\\d{4}-\\d\\d-\\d\\d\\s+\\d{4}-\\d\\d-\\d\\d\\s+\\$7,577\\.50\\s+\\$4,142\\.50$`),
    );
    expect((await company(['list-invoices', '--status', 'void'], { PORTAL_API_KEY: key })).out).toBe('No invoices.');
    const json = JSON.parse((await company(['list-invoices', '--json'], { PORTAL_API_KEY: key })).out) as { data: { number: string }[] };
    expect(json.data.map((invoice) => invoice.number)).toEqual(['INV-1']);
  });

  it('lists the contact messages and marks one handled', async () => {
    const listed = await company(['messages', '--unhandled'], { PORTAL_API_KEY: key });
    expect(listed.code).toBe(0);
    const id = /^#(\d+) /.exec(listed.out)![1]!;
    expect(listed.out).toContain(`about project ${projectId}\n  Gutters: Can you look at them?`);
    expect((await company(['handle-message', '--id', id], { PORTAL_API_KEY: key })).out).toBe(`Message ${id} marked handled.`);
    expect((await company(['messages', '--unhandled'], { PORTAL_API_KEY: key })).out).toBe('No messages.');
  });
});

describe('the calendar from the terminal', () => {
  let key: string;
  let projectId: number;

  beforeAll(async () => {
    const created = await company([
      'create-company',
      '--name',
      'Calendar Builders',
      '--owner-email',
      'owner@calendar.example',
      '--owner-name',
      'Cal Calendar',
      '--time-zone',
      'America/Chicago',
      '--json',
    ]);
    const answer = JSON.parse(created.out) as { company: { id: number }; api_key: { key: string } };
    key = answer.api_key.key;
    const [project] = await t.app.database.db.insert(projects).values({ company_id: answer.company.id, name: 'Deck' }).returning();
    projectId = project!.id;
  });

  it('takes a date and time on the company’s clock, as a contractor types it, and prints times on that clock', async () => {
    const as = (args: string[]) => company(args, { PORTAL_API_KEY: key });
    const visit = ['add-visit', '--project', String(projectId), '--title', 'Walkthrough'];
    const added = await as([...visit, '--start', '2030-12-02 08:00', '--end', '2030-12-02 12:30']);
    expect(added).toMatchObject({ code: 0, err: '' });
    expect(added.out).toMatch(/: Walkthrough, 2030-12-02 08:00 to 12:30 \(America\/Chicago\) \[internal, sequence 0\]\.$/);
    const id = /^Visit (\d+) /.exec(added.out)![1]!;
    const json = JSON.parse((await as(['move-visit', '--id', id, '--start', '2030-12-02 1pm', '--end', '2030-12-03T09:15', '--json'])).out) as {
      starts_at: string;
      ends_at: string;
    };
    // 1 pm in Chicago in December is 19:00 UTC (CST, UTC-6).
    expect(json).toMatchObject({ starts_at: '2030-12-02T19:00:00.000000Z', ends_at: '2030-12-03T15:15:00.000000Z' });
    expect((await as(['visits', '--project', String(projectId), '--from', '2030-12-02', '--to', '2030-12-03'])).out).toContain(
      'Walkthrough, 2030-12-02 13:00 to 2030-12-03 09:15 (America/Chicago)',
    );
    // In summer the same clock is UTC-5.
    const summer = JSON.parse((await as([...visit, '--start', '2030-07-01 08:00', '--end', '2030-07-01 09:00', '--json'])).out) as { starts_at: string };
    expect(summer.starts_at).toBe('2030-07-01T13:00:00.000000Z');
    for (const [start, said] of [
      ['2030-03-10 02:30', '--start: 2030-03-10 02:30 does not exist in America/Chicago: the clocks skip that hour.'],
      ['2030-02-30 08:00', '--start: "2030-02-30 08:00" is not a date and time that exists.'],
      [
        'next Tuesday',
        '--start: "next Tuesday" is not a date and time: write it like 2026-12-02 08:00 (in the company\'s time zone) or 2026-12-02T08:00:00-06:00.',
      ],
    ] as const) {
      const refused = await as([...visit, '--start', start, '--end', '2030-12-02 12:00']);
      expect(refused.code, start).toBe(2);
      expect(refused.err.split('\n')[0]).toBe(said);
    }
    await as(['delete-visit', '--id', id]);
  });

  it('adds, moves, lists, cancels and deletes visits, in the company’s zone', async () => {
    const as = (args: string[]) => company(args, { PORTAL_API_KEY: key });
    const added = await as([
      'add-visit',
      '--project',
      String(projectId),
      '--title',
      'Deck framing',
      '--start',
      '2030-05-06T08:00:00-05:00',
      '--end',
      '2030-05-06T12:00:00-05:00',
      '--shared',
    ]);
    expect(added).toMatchObject({ code: 0, err: '' });
    const id = /^Visit (\d+) /.exec(added.out)![1]!;
    expect(added.out).toBe(`Visit ${id} on project ${projectId}: Deck framing, 2030-05-06 08:00 to 12:00 (America/Chicago) [shared, sequence 0].`);
    const allDay = await as(['add-visit', '--project', String(projectId), '--title', 'Inspection', '--start', '2030-05-08', '--all-day']);
    expect(allDay.out).toMatch(/Inspection, 2030-05-08 \(all day\) \[internal, sequence 0\]\.$/);
    const moved = await as(['move-visit', '--id', id, '--start', '2030-05-07T08:00:00-05:00', '--end', '2030-05-07T12:00:00-05:00']);
    expect(moved.out).toContain('2030-05-07 08:00 to 12:00 (America/Chicago) [shared, sequence 1]');
    const listed = await as(['visits', '--project', String(projectId), '--from', '2030-05-07', '--to', '2030-05-08']);
    expect(listed.out.split('\n')).toHaveLength(2);
    expect((await as(['cancel-visit', '--id', id])).out).toContain('[shared, cancelled, sequence 2]');
    expect((await as(['delete-visit', '--id', id])).out).toBe(`Visit ${id} deleted.`);
    expect((await as(['visits', '--from', '2030-05-07', '--to', '2030-05-07'])).out).toBe('No visits.');
    const backwards = await as([
      'add-visit',
      '--project',
      String(projectId),
      '--title',
      'X',
      '--start',
      '2030-05-06T12:00:00Z',
      '--end',
      '2030-05-06T08:00:00Z',
    ]);
    expect(backwards.code).toBe(1);
    expect(backwards.err).toMatch(/^Refused \(422\): .*\n {2}--end: /);
    expect((await as(['add-visit', '--project', String(projectId), '--title', 'X', '--start', '2030-05-06T12:00:00Z'])).code).toBe(2);
    const zone = await as(['update-company', '--time-zone', 'Nowhere/Else']);
    expect(zone.code).toBe(1);
    expect(zone.err).toContain('time_zone');
    expect((await as(['update-company', '--time-zone', 'America/Denver', '--json'])).out).toContain('"time_zone": "America/Denver"');
  });
});

describe('onboarding from the terminal', () => {
  let key: string;
  const as = (args: string[]) => company(args, { PORTAL_API_KEY: key });

  beforeAll(async () => {
    const created = (await company(['create-company', '--name', 'Onboard Co', '--owner-email', 'owner@onboard.example', '--owner-name', 'Ona Board'])).out;
    key = /ppk_\S+/.exec(created)![0];
    // The owner's way into the staff console, printed for the operator to hand over.
    expect(created).toMatch(
      /^The owner chooses a password and signs in to the staff console here \(once; expires [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M E[SD]T\):\nhttp\S+\/staff\/invitation\?token=\d+\.[\w-]{43}$/m,
    );
  });

  it('makes an account and a project, invites a customer to it, uploads a folder of photos and a document, reads the notes', async () => {
    const account = await as(['create-account', '--name', 'The Smiths', '--email', 'ann@smith.example', '--street', '12 Oak St']);
    const accountId = /^Account (\d+): The Smiths\.$/.exec(account.out)![1]!;
    const project = await as(['create-project', '--name', 'Roof replacement', '--number', 'OC-1', '--account', accountId, '--total', '18500']);
    const projectId = /^Project (\d+): Roof replacement \(OC-1\)\.$/.exec(project.out)![1]!;
    const invited = await as(['invite-customer', '--email', 'ann@smith.example', '--first-name', 'Ann', '--project', projectId]);
    expect(invited.out).toMatch(
      new RegExp(
        `^Customer \\d+: Ann, project ${projectId} shared; invitation emailed, expires [A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d\\d [AP]M E[SD]T\\.$`,
      ),
    );

    const folder = path.join(t.dataDir, 'Tear-off');
    await mkdir(folder);
    await writeFile(path.join(folder, '2.png'), await imageBytes('png', 40, 30));
    await writeFile(path.join(folder, '10.jpg'), await imageBytes('jpeg', 40, 30));
    await writeFile(path.join(folder, '1.webp'), await imageBytes('webp', 40, 30));
    await writeFile(path.join(folder, 'notes.txt'), 'not a photo');
    const photos = await as(['upload-photos', '--project', projectId, '--folder', folder, '--share']);
    expect(photos.out.split('\n').at(-1)).toMatch(/^Album \d+ "Tear-off": 3 photos, shared\.$/);
    const pdf = path.join(t.dataDir, 'Contract.pdf');
    await writeFile(pdf, await pdfBytes('Contract'));
    expect((await as(['upload-document', '--project', projectId, '--file', pdf, '--share'])).out).toMatch(/^Document \d+: Contract\.pdf, shared\.$/);
    expect((await as(['add-note', '--project', projectId, '--text', 'Crew arrives Monday.'])).code).toBe(0);
    expect((await as(['notes', '--project', projectId])).out).toMatch(/^#\d+ \S+ Onboard Co:\n {2}Crew arrives Monday\.$/);
    const withFiles = await as([
      'add-note',
      '--project',
      projectId,
      '--text',
      'The contract and the roof plan.',
      '--attach',
      pdf,
      '--attach',
      path.join(folder, '2.png'),
    ]);
    expect(withFiles.out).toMatch(/^Note \d+ added to project \d+ with 2 files\.$/);
  });

  it('names the photo of a folder whose name the server would refuse, escaped, uploads the rest, and makes no album of none', async () => {
    const project = await as(['create-project', '--name', 'Gutters']);
    const projectId = /^Project (\d+): /.exec(project.out)![1]!;
    const folder = path.join(t.dataDir, 'Gutters');
    await mkdir(folder);
    await writeFile(path.join(folder, '1.png'), await imageBytes('png', 40, 30));
    await writeFile(path.join(folder, '2\u001b[2J\u202e.png'), await imageBytes('png', 40, 30));
    const mixed = await as(['upload-photos', '--project', projectId, '--folder', folder]);
    expect(mixed.code).toBe(1);
    expect(mixed.out.split('\n')[0]).toBe(
      'Skipped 2\\u001b[2J\\u202e.png: The file name must not contain control characters or text-direction overrides; rename the file.',
    );
    expect(mixed.out).toMatch(/\nAlbum \d+ "Gutters": 1 photos \(not shared yet\)\.$/);
    expect([...mixed.out, ...mixed.err].filter((character) => character === '\u001b' || character === '\u202e')).toEqual([]);

    const hostileOnly = path.join(t.dataDir, 'Gutters only');
    await mkdir(hostileOnly);
    await writeFile(path.join(hostileOnly, '2\u001b[2J\u202e.png'), await imageBytes('png', 40, 30));
    const albumsBefore = await t.app.database.db.$count(albums);
    const refused = await as(['upload-photos', '--project', projectId, '--folder', hostileOnly]);
    expect(refused.code).toBe(2);
    expect(refused.out).toContain('Skipped 2\\u001b[2J\\u202e.png: The file name must not contain control characters');
    expect(refused.err.split('\n')[0]).toBe(`${hostileOnly} holds no photo to upload (.jpg, .jpeg, .png, .webp, .heic, .heif).`);
    expect(await t.app.database.db.$count(albums)).toBe(albumsBefore);
  });

  it('uploads an iPhone’s HEIC among JPEGs, names every file it did not take and why, and keeps no empty album', async () => {
    const projectId = /^Project (\d+): /.exec((await as(['create-project', '--name', 'Siding'])).out)![1]!;
    const folder = path.join(t.dataDir, 'Siding');
    await mkdir(folder);
    await writeFile(path.join(folder, 'IMG_0001.JPG'), await imageBytes('jpeg', 40, 30));
    await writeFile(path.join(folder, 'IMG_0002.jpg'), await imageBytes('jpeg', 40, 30));
    await copyFile(HEIC_FIXTURE, path.join(folder, 'IMG_0003.HEIC'));
    await writeFile(path.join(folder, 'IMG_0004.jpg'), Buffer.concat([await imageBytes('jpeg', 40, 30), Buffer.alloc(21 * 1024 * 1024)]));
    await writeFile(path.join(folder, 'list.txt'), 'north wall, south wall');
    const run = await as(['upload-photos', '--project', projectId, '--folder', folder, '--share']);
    expect(run.code).toBe(1);
    expect(run.out.split('\n')).toEqual([
      'Skipped list.txt: not a photo (the command takes .jpg, .jpeg, .png, .webp, .heic, .heif).',
      'Uploaded IMG_0001.JPG (1 of 4).',
      'Uploaded IMG_0002.jpg (2 of 4).',
      'Uploaded IMG_0003.HEIC (3 of 4).',
      'Not uploaded IMG_0004.jpg (4 of 4): The file may be at most 20 MB.',
      expect.stringMatching(/^Album \d+ "Siding": 3 photos, shared\.$/),
    ]);
    expect(run.err).toBe('Refused (422): 1 photo was not uploaded: IMG_0004.jpg. Fix it and upload it again.');
    const albumId = /^Album (\d+) /.exec(run.out.split('\n').at(-1)!)![1]!;
    const photos = (await t.app.inject({ method: 'GET', url: `/api/integration/albums/${albumId}/photos`, headers: { authorization: `Bearer ${key}` } })).json()
      .data as { file: { name: string; content_type: string } }[];
    expect(photos.map((photo) => photo.file.name)).toEqual(['IMG_0001.JPG', 'IMG_0002.jpg', 'IMG_0003.jpg']);

    // Nothing taken: no album is left behind.
    const tooLarge = path.join(t.dataDir, 'Too large');
    await mkdir(tooLarge);
    await writeFile(path.join(tooLarge, 'big.jpg'), Buffer.concat([await imageBytes('jpeg', 40, 30), Buffer.alloc(21 * 1024 * 1024)]));
    const albumsBefore = await t.app.database.db.$count(albums);
    const none = await as(['upload-photos', '--project', projectId, '--folder', tooLarge]);
    expect(none).toMatchObject({ code: 1, out: 'Not uploaded big.jpg (1 of 1): The file may be at most 20 MB.\nNo photo was uploaded, so no album was kept.' });
    expect(await t.app.database.db.$count(albums)).toBe(albumsBefore);
  });

  it('lists projects, accounts and statuses as tables', async () => {
    const statuses = await as(['list-statuses']);
    expect(statuses.code).toBe(0);
    const [heading, first] = statuses.out.split('\n');
    expect(heading).toMatch(/^ID\s+NAME\s+COLOUR\s+POSITION$/);
    const statusId = /^\s*(\d+)\s/.exec(first!)![1]!;
    const accountId = /^Account (\d+)/.exec(
      (await as(['create-account', '--name', 'Table Family', '--email', 'tf@table.example', '--first-name', 'Tia'])).out,
    )![1]!;
    const made = await as(['create-project', '--name', 'Patio', '--number', 'OC-9', '--account', accountId, '--status', statusId, '--total', '$18,500']);
    expect(made).toMatchObject({ code: 0, err: '' });
    const projects = await as(['list-projects', '--search', 'Patio']);
    const lines = projects.out.split('\n');
    expect(lines[0]).toMatch(/^ID\s+NUMBER\s+NAME\s+CUSTOMER\s+STATUS\s+TOTAL\s+BALANCE$/);
    expect(lines[1]).toMatch(/^\s*\d+\s+OC-9\s+Patio\s+Table Family\s+\S.*\s+\$18,500\.00$/);
    expect(lines).toHaveLength(2);
    const accounts = await as(['list-accounts', '--search', 'Table']);
    expect(accounts.out.split('\n')).toEqual([
      expect.stringMatching(/^ID\s+NAME\s+CONTACT\s+EMAIL\s+PHONE\s+CITY$/),
      expect.stringMatching(new RegExp(`^\\s*${accountId}\\s+Table Family\\s+Tia\\s+tf@table\\.example$`)),
    ]);
    expect((await as(['list-projects', '--search', 'Nothing like it'])).out).toBe('No projects.');
    const badTotal = await as(['create-project', '--name', 'Shed', '--total', '18.500,00']);
    expect(badTotal).toMatchObject({ code: 2 });
    expect(badTotal.err.split('\n')[0]).toBe('--total: "18.500,00" is not an amount: write it like 185, $185 or 1,250.00.');
  });

  it('reads --file and --folder from the folder it is typed in', async () => {
    const here = path.join(t.dataDir, 'typed-here');
    await mkdir(path.join(here, 'Porch'), { recursive: true });
    await writeFile(path.join(here, 'Porch', 'a.png'), await imageBytes('png', 40, 30));
    await writeFile(path.join(here, 'contract.pdf'), await pdfBytes('Contract'));
    const projectId = /^Project (\d+): /.exec((await as(['create-project', '--name', 'Porch'])).out)![1]!;
    const typed = (args: string[]) =>
      runCompanyCommand(args, { env: { PORTAL_URL: url, DATA_DIR: t.dataDir, PORTAL_API_KEY: key }, cwd: here, out: () => {}, err: () => {} });
    expect(await typed(['upload-photos', '--project', projectId, '--folder', 'Porch'])).toBe(0);
    expect(await typed(['upload-document', '--project', projectId, '--file', 'contract.pdf'])).toBe(0);
  });

  it('imports a CSV row by row: makes, finds, shares and invites; a bad row changes nothing and is named', async () => {
    const csv = path.join(t.dataDir, 'customers.csv');
    await writeFile(
      csv,
      [
        'account,contact_email,first_name,project,number,total',
        'Garcia Family,maria@garcia.example,Maria,Kitchen,OC-2,42000.00',
        'Lee Household,not-an-email,Sam,Deck,OC-3,',
        'Park Residence,jin@park.example,Jin,Garage,OC-4,12.345',
        'Ortiz Home,luis@ortiz.example,Luis,Porch,OC-5,"$12,500.00"',
        'Kim Home,kim@kim.example,Min,Attic,OC-6-and-a-project-number-far-longer-than-fifty-characters,',
        '"Smith, The",ann@smith.example,Ann,Roof replacement,OC-1,',
      ].join('\r\n'),
    );
    const accountsBefore = await t.app.database.db.select().from(accounts);
    const run = await as(['import', '--file', csv]);
    expect(run.code).toBe(1);
    const lines = run.out.split('\n');
    expect(lines[0]).toMatch(/^Line 2: account \d+ made, project \d+ made, shared with maria@garcia\.example, invited\.$/);
    expect(lines[1]).toBe('Line 3: refused, nothing changed: contact_email "not-an-email" is not an email address.');
    expect(lines[2]).toBe(
      'Line 4: refused, nothing changed: column total: "12.345" has more than two digits after the point: cents are two digits, e.g. 12.35.',
    );
    expect(lines[3]).toMatch(/^Line 5: account \d+ made, project \d+ made, shared with luis@ortiz\.example, invited\.$/);
    expect(lines[4]).toBe('Line 6: refused, nothing changed: The given data was invalid. column number: At most 50 characters.');
    expect(lines[5]).toMatch(/^Line 7: account \d+ made, project \d+ found, shared with ann@smith\.example\.$/);
    expect(lines[6]).toBe('3 of 6 rows imported.');
    const names = (await t.app.database.db.select().from(accounts)).map((row) => row.name);
    expect(names.filter((name) => !accountsBefore.some((row) => row.name === name)).sort()).toEqual(['Garcia Family', 'Ortiz Home', 'Smith, The']);
    const [porch] = await t.app.database.db.select().from(projects).where(eq(projects.number, 'OC-5'));
    expect(porch?.financials_total_amount).toBe('12500.00');
    const missing = await as(['import', '--file', path.join(t.dataDir, 'nope.csv')]);
    expect(missing).toMatchObject({ code: 2 });
  });
});

describe('as a process', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  const children: ReturnType<typeof spawn>[] = [];
  afterAll(() => children.forEach((child) => child.kill()));

  it('never prints a stack trace for a bad option', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/cli/company.ts'), 'create-company', '--owner-email'], {
      cwd: root,
      env: { ...process.env, PORTAL_URL: url, DATA_DIR: t.dataDir },
    });
    children.push(child);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe("Option '--owner-email <value>' argument missing");
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 30_000);

  /** The first line of what the command says on stderr, and its exit code. */
  async function firstLine(args: string[], cwd: string, env: Record<string, string | undefined>) {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, PORTAL_URL: url, DATA_DIR: t.dataDir, PORTAL_API_KEY: 'ppk_1_x', ...env } });
    children.push(child);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    return { code, stderr };
  }

  it('runs as `npx company` (the root package’s bin) from another folder, reading its paths there, without npm’s lines', async () => {
    const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    const bin = path.join(root, manifest.bin.company!);
    expect((await readFile(bin, 'utf8')).startsWith('#!/usr/bin/env node\n')).toBe(true);
    await access(bin, constants.X_OK);
    const elsewhere = path.join(t.dataDir, 'elsewhere');
    await mkdir(elsewhere, { recursive: true });
    const run = await firstLine([bin, 'set-logo', '--file', 'logo.png'], elsewhere, { INIT_CWD: undefined });
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n').slice(0, 3)).toEqual([
      `Cannot read ${path.join(elsewhere, 'logo.png')}: ENOENT`,
      '',
      'Usage: npx company set-logo --file PATH [--json]',
    ]);
    expect(run.stderr).not.toMatch(/npm error/);
  }, 30_000);

  it('reads paths from where `npm run company` was typed (INIT_CWD), not from the checkout npm runs it in', async () => {
    const typedIn = path.join(t.dataDir, 'typed-in');
    await mkdir(typedIn, { recursive: true });
    const run = await firstLine(['--import', 'tsx', path.join(root, 'apps/server/src/cli/company.ts'), 'set-logo', '--file', 'logo.png'], root, {
      INIT_CWD: typedIn,
    });
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe(`Cannot read ${path.join(typedIn, 'logo.png')}: ENOENT`);
  }, 30_000);
});

describe('proposals from the terminal', () => {
  let key: string;
  let projectId: number;

  beforeAll(async () => {
    const created = await company([
      'create-company',
      '--name',
      'Proposal Builders',
      '--owner-email',
      'owner@proposal.example',
      '--owner-name',
      'Pat Proposal',
      '--json',
    ]);
    const answer = JSON.parse(created.out) as { company: { id: number }; api_key: { key: string } };
    key = answer.api_key.key;
    const [project] = await t.app.database.db.insert(projects).values({ company_id: answer.company.id, name: 'Porch' }).returning();
    projectId = project!.id;
  });

  it('creates from flags and sends, revises, sends the new version, lists and shows, and withdraws', async () => {
    const created = await company(
      [
        'create-proposal',
        '--project',
        String(projectId),
        '--title',
        'New porch',
        '--item',
        'Framing|Posts|4|120.00',
        '--item',
        'Framing|Railing|1|800',
        '--item',
        'Extras|Ceiling fan|1|250.00|optional',
        '--tax-rate',
        '10',
        '--expires',
        '2099-01-31',
        '--send',
      ],
      { PORTAL_API_KEY: key },
    );
    expect(created).toMatchObject({ code: 0, err: '' });
    const [, id, number] = /^Proposal (\d+) \(P-(\d+)\)/.exec(created.out)!;
    expect(created.out).toBe(`Proposal ${id} (P-${number}) for project ${projectId}: Sent, total $1,408.00, valid until 2099-01-31.`);

    const revised = await company(['revise-proposal', '--id', id!], { PORTAL_API_KEY: key });
    expect(revised.code).toBe(0);
    const newId = /^Proposal (\d+) \(P-\d+ v2\)/.exec(revised.out)![1]!;
    expect(revised.out).toContain(': Draft,');
    expect((await company(['send-proposal', '--id', newId], { PORTAL_API_KEY: key })).out).toContain(': Sent,');

    const list = await company(['proposals', '--project', String(projectId)], { PORTAL_API_KEY: key });
    expect(list.out.split('\n')).toEqual([
      `#${newId} P-${number} v2 project ${projectId}: Sent, $1,408.00, valid until 2099-01-31: New porch`,
      `#${id} P-${number} project ${projectId}: Superseded, $1,408.00, valid until 2099-01-31: New porch`,
    ]);
    const shown = await company(['show-proposal', '--id', newId], { PORTAL_API_KEY: key });
    expect(shown.out).toContain('Ceiling fan: 1 × $250.00 = $250.00 (optional)');
    expect(shown.out).toContain('with every option $1,683.00');

    const pdf = path.join(t.dataDir, 'signed.pdf');
    const early = await company(['proposal-pdf', '--id', newId, '--out', pdf], { PORTAL_API_KEY: key });
    expect(early).toMatchObject({ code: 1, err: 'Refused (409): This proposal has not been accepted: the signed PDF is made when the customer accepts it.' });

    expect((await company(['withdraw-proposal', '--id', newId], { PORTAL_API_KEY: key })).out).toContain(': Withdrawn,');
    const again = await company(['withdraw-proposal', '--id', newId], { PORTAL_API_KEY: key });
    expect(again).toMatchObject({ code: 1, err: 'Refused (409): This proposal is already withdrawn.' });
  });

  it('creates from a JSON file, the flags taking precedence, and says what is wrong with a bad item', async () => {
    const file = path.join(t.dataDir, 'proposal.json');
    await writeFile(
      file,
      JSON.stringify({
        project_id: projectId,
        title: 'From the file',
        expires_on: '2099-02-01',
        sections: [{ title: 'Deck', items: [{ description: 'Boards', quantity: '10', unit_price: '30.00' }] }],
      }),
    );
    const created = await company(['create-proposal', '--file', file, '--title', 'From the file, renamed', '--json'], { PORTAL_API_KEY: key });
    expect(created.code).toBe(0);
    expect(JSON.parse(created.out)).toMatchObject({ title: 'From the file, renamed', status: 'draft', total: '300.00', expires_on: '2099-02-01' });
    const bad = await company(['create-proposal', '--project', String(projectId), '--title', 'x', '--item', 'just words'], { PORTAL_API_KEY: key });
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--item takes SECTION|DESCRIPTION|QUANTITY|UNIT PRICE[|optional]');
  });
});

describe('change orders from the terminal', () => {
  let key: string;
  let projectId: number;

  beforeAll(async () => {
    const created = await company([
      'create-company',
      '--name',
      'Change Order Builders',
      '--owner-email',
      'owner@change-order.example',
      '--owner-name',
      'Cy Change',
      '--json',
    ]);
    const answer = JSON.parse(created.out) as { company: { id: number }; api_key: { key: string } };
    key = answer.api_key.key;
    const [project] = await t.app.database.db.insert(projects).values({ company_id: answer.company.id, name: 'Attic' }).returning();
    projectId = project!.id;
  });

  it('creates from flags, updates, sends, revises, sends the new version, lists and shows, and withdraws', async () => {
    const as = (args: string[]) => company(args, { PORTAL_API_KEY: key });
    const created = await as([
      'create-change-order',
      '--project',
      String(projectId),
      '--title',
      'Skylight',
      '--item',
      'Skylight|1|1850.00',
      '--item',
      'Flashing|2|$75',
      '--tax-rate',
      '10',
      '--days',
      '3',
      '--deadline',
      '2099-01-31',
    ]);
    expect(created).toMatchObject({ code: 0, err: '' });
    const [, id, number] = /^Change order (\d+) \(CO-(\d+)\)/.exec(created.out)!;
    expect(created.out).toBe(`Change order ${id} (CO-${number}) for project ${projectId}: Draft, total $2,200.00, +3 days, approve by 2099-01-31.`);

    const updated = await as(['update-change-order', '--id', id!, '--days', '4', '--deadline', 'none', '--invoice-on-approval']);
    expect(updated.out).toBe(`Change order ${id} (CO-${number}) for project ${projectId}: Draft, total $2,200.00, +4 days, no deadline.`);
    expect((await as(['send-change-order', '--id', id!])).out).toContain(': Sent,');
    const late = await as(['update-change-order', '--id', id!, '--title', 'Too late']);
    expect(late).toMatchObject({
      code: 1,
      err: 'Refused (409): This change order has been sent and can no longer be changed: make a new version of it instead.',
    });

    const revised = await as(['revise-change-order', '--id', id!]);
    const newId = /^Change order (\d+) \(CO-\d+ v2\)/.exec(revised.out)![1]!;
    expect(revised.out).toContain(': Draft,');
    expect((await as(['send-change-order', '--id', newId])).out).toContain(': Sent,');
    expect((await as(['change-orders', '--project', String(projectId)])).out.split('\n')).toEqual([
      `#${newId} CO-${number} v2 project ${projectId}: Sent, $2,200.00, +4 days: Skylight`,
      `#${id} CO-${number} project ${projectId}: Superseded, $2,200.00, +4 days: Skylight`,
    ]);
    const shown = await as(['show-change-order', '--id', newId]);
    expect(shown.out).toContain('Flashing: 2 × $75.00 = $150.00');
    expect(shown.out).toContain('Invoiced on approval');

    const early = await as(['change-order-pdf', '--id', newId, '--out', path.join(t.dataDir, 'co.pdf')]);
    expect(early).toMatchObject({
      code: 1,
      err: 'Refused (409): This change order has not been approved: the signed PDF is made when the customer approves it.',
    });
    expect((await as(['withdraw-change-order', '--id', newId])).out).toContain(': Withdrawn,');
  });

  it('creates from a JSON file, the flags taking precedence, and names the flag a refusal is about', async () => {
    const file = path.join(t.dataDir, 'change-order.json');
    await writeFile(
      file,
      JSON.stringify({ project_id: projectId, title: 'From the file', items: [{ description: 'Credit', quantity: '1', unit_price: '-200.00' }] }),
    );
    const created = await company(['create-change-order', '--file', file, '--title', 'Rot was smaller', '--json'], { PORTAL_API_KEY: key });
    expect(JSON.parse(created.out)).toMatchObject({ title: 'Rot was smaller', status: 'draft', total: '-200.00', schedule_days: 0 });
    const bad = await company(['create-change-order', '--project', String(projectId), '--title', 'x', '--days', '400'], { PORTAL_API_KEY: key });
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('--days: The schedule_days must be from -365 to 365.');
  });
});

describe('selections and allowances from the terminal', () => {
  let key: string;
  let projectId: number;

  beforeAll(async () => {
    const created = await company([
      'create-company',
      '--name',
      'Selection Builders',
      '--owner-email',
      'owner@selection.example',
      '--owner-name',
      'Sel Lection',
      '--json',
    ]);
    const answer = JSON.parse(created.out) as { company: { id: number }; api_key: { key: string } };
    key = answer.api_key.key;
    const [project] = await t.app.database.db.insert(projects).values({ company_id: answer.company.id, name: 'Kitchen' }).returning();
    projectId = project!.id;
  });

  it('adds an allowance and a selection with options and a photo, chooses for the customer, and carries the credit', async () => {
    const as = (args: string[]) => company(args, { PORTAL_API_KEY: key });
    const added = await as(['allowances', 'add', '--project', String(projectId), '--name', 'Kitchen faucet', '--amount', '$400']);
    expect(added).toMatchObject({ code: 0, err: '' });
    const allowanceId = /^Allowance (\d+) /.exec(added.out)![1]!;
    expect(added.out).toBe(`Allowance ${allowanceId} "Kitchen faucet" (project ${projectId}): $400.00, nothing chosen yet.`);

    const selection = await as(['selections', 'add', '--project', String(projectId), '--title', 'Faucet', '--room', 'Kitchen', '--allowance', allowanceId]);
    const selectionId = /^Selection (\d+) /.exec(selection.out)![1]!;
    expect(selection.out).toBe(
      `Selection ${selectionId} (Kitchen) for project ${projectId}: To choose, 0 options, no deadline, allowance #${allowanceId} "Kitchen faucet": Faucet`,
    );
    const photo = path.join(t.dataDir, 'touchless.png');
    await writeFile(photo, await imageBytes('png'));
    const touchless = await as(['selections', 'option-add', selectionId, '--title', 'Touchless', '--price', '650', '--lead-days', '10', '--photo', photo]);
    const optionId = /^Option (\d+) /.exec(touchless.out)![1]!;
    expect(touchless.out.split('\n')).toEqual([`Option ${optionId} of selection ${selectionId}: Touchless, $650.00.`, '1 photo added.']);
    await as(['selections', 'option-add', selectionId, '--title', 'Matte black', '--price', '400.00']);

    const chosen = await as(['selections', 'choose', selectionId, optionId, '--note', 'By phone']);
    expect(chosen.out).toContain(': Chosen, 2 options, no deadline');
    expect(chosen.out).toContain('chosen Touchless $650.00 (by the company)');
    const shown = await as(['selections', 'show', selectionId]);
    expect(shown.out).toContain(`#${optionId} Touchless: $650.00, +$250.00 against the allowance, 10 days lead time, 1 photo`);
    expect(shown.out).toMatch(/ {4}Touchless \$650\.00 chosen by the company \(.+\) at \S+ from 127\.0\.0\.1\. Note: By phone$/m);
    expect((await as(['allowances', 'list', '--project', String(projectId)])).out).toBe(
      `Allowance ${allowanceId} "Kitchen faucet" (project ${projectId}): $400.00, chosen $650.00, over by $250.00; carried $0.00, outstanding $250.00.`,
    );

    const kept = await as(['selections', 'option-remove', selectionId, optionId]);
    expect(kept).toMatchObject({ code: 1, err: 'Refused (409): This option was chosen and cannot be deleted: reset the choice first.' });
    expect((await as(['selections', 'lock', selectionId])).out).toContain(': Locked,');
    expect((await as(['selections', 'reset', selectionId])).err).toBe('Refused (409): This selection is locked: unlock it before changing its choice.');
    await as(['selections', 'unlock', selectionId]);
    expect((await as(['selections', 'reset', selectionId])).out).toContain(': To choose,');
    await as(['selections', 'choose', selectionId, optionId]);

    const raised = await as(['allowances', 'edit', allowanceId, '--amount', '700']);
    expect(raised.out).toContain('under by $50.00 (a credit); carried $0.00, outstanding -$50.00.');
    const credit = await as(['allowances', 'credit', allowanceId]);
    expect(credit.out).toMatch(
      new RegExp(
        `^Change order (\\d+) \\(CO-\\d+\\) carries the credit of allowance ${allowanceId}: Draft, total -\\$50\\.00\\. Send it with send-change-order --id \\d+\\.$`,
      ),
    );
  });

  it('says what is wrong with a command as typed, in one line and without a stack, and names the flag a refusal is about', async () => {
    const as = (args: string[]) => company(args, { PORTAL_API_KEY: key });
    const cases: [string[], string][] = [
      [['selections'], 'selections: say what to do: list, show, add, edit, remove, option-add, option-remove, lock, unlock, reset, choose.'],
      [
        ['selections', 'frobnicate'],
        'selections: "frobnicate" is not one of its commands; say what to do: list, show, add, edit, remove, option-add, option-remove, lock, unlock, reset, choose.',
      ],
      [['selections', 'show'], 'selections show needs ID.'],
      [['selections', 'show', 'abc'], 'ID must be a whole number, not "abc".'],
      [['selections', 'choose', '1'], 'selections choose needs OPTION.'],
      [['selections', 'choose', '1', '2', '3'], 'selections choose takes 2 values after its name, not "3".'],
      [
        ['allowances', 'add', '--project', String(projectId), '--name', 'x', '--amount', '18.500,00'],
        '--amount: "18.500,00" is not an amount: write it like 185, $185 or 1,250.00.',
      ],
      [['allowances', 'edit', '1'], 'Give --name or --amount to change.'],
    ];
    for (const [args, said] of cases) {
      const run = await as(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.err.split('\n')[0]).toBe(said);
      expect(run.err).not.toMatch(/\n\s+at /);
    }
    const refused = await as(['selections', 'add', '--project', String(projectId), '--title', 'x', '--deadline', '2026-02-30']);
    expect(refused).toMatchObject({ code: 1, err: 'Refused (422): The given data was invalid.\n  deadline: The date does not exist.' });
    const foreign = await as(['selections', 'add', '--project', String(projectId), '--title', 'x', '--allowance', '2000000000']);
    expect(foreign.err).toContain('--allowance: The allowance must be one of the same project’s allowances.');
  });
});

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('the lint rules that keep the layout honest', () => {
  it.each(['portal', 'console'])('refuse a feature of the %s importing another of its features', async (app) => {
    const ids = await ruleIds(
      "import { NotesPage } from '../../notes/components/notes-page';\nexport const X = NotesPage;\n",
      `apps/web/src/${app}/features/photos/components/x.ts`,
    );
    expect(ids).toContain('local/boundaries');
  });

  it("let a feature import its own files, its app's lib and the shared components and lib", async () => {
    const ids = await ruleIds(
      "import { PhotosPage } from './photos-page';\nimport { paths } from '../../../lib/paths';\nimport { Button } from '../../../../components/ui/button';\nimport { toast } from '../../../../lib/toast';\nexport const X = [PhotosPage, paths, Button, toast];\n",
      'apps/web/src/portal/features/photos/components/x.ts',
    );
    expect(ids).toEqual([]);
  });

  it('refuse the portal importing the console, and the console the portal', async () => {
    const fromPortal = await ruleIds(
      "import { staffQueryOptions } from '../../console/lib/staff-api';\nexport const X = staffQueryOptions;\n",
      'apps/web/src/portal/layouts/x.ts',
    );
    const fromConsole = await ruleIds(
      "import { PortalChrome } from '../../portal/layouts/default-layout';\nexport const X = PortalChrome;\n",
      'apps/web/src/console/routes/x.ts',
    );
    expect(fromPortal).toContain('local/boundaries');
    expect(fromConsole).toContain('local/boundaries');
  });

  it('refuse root/, beneath both apps, importing either, and either app importing app/ (its tests may)', async () => {
    expect(await ruleIds("import { a } from '../portal/router';\nexport const X = a;\n", 'apps/web/src/root/x.ts')).toContain('local/boundaries');
    expect(await ruleIds("import { a } from '../../app/router';\nexport const X = a;\n", 'apps/web/src/console/routes/x.ts')).toContain('local/boundaries');
    expect(await ruleIds("import { a } from '../../app/router';\nexport const X = a;\n", 'apps/web/src/console/routes/x.test.ts')).toEqual([]);
  });

  it('let app/ compose both apps', async () => {
    const ids = await ruleIds(
      "import { a } from '../portal/router';\nimport { b } from '../console/staff-router';\nimport { c } from '../root/root';\nexport const X = [a, b, c];\n",
      'apps/web/src/app/x.ts',
    );
    expect(ids).toEqual([]);
  });

  it('refuse the web app importing server code', async () => {
    const ids = await ruleIds("import { buildApp } from '../../../server/src/app';\nexport const X = buildApp;\n", 'apps/web/src/lib/x.ts');
    expect(ids).toContain('local/boundaries');
  });

  it('refuse the web app importing the server package by name', async () => {
    const ids = await ruleIds("import { buildApp } from '@portal/server';\nexport const X = buildApp;\n", 'apps/web/src/app/x.ts');
    expect(ids).toContain('local/boundaries');
  });

  it.each(['portal/features/notes/components/notes-page', 'console/lib/staff-api', 'root/root', 'app/router'])(
    'refuse shared code depending on %s',
    async (target) => {
      const ids = await ruleIds(`import { a } from '../${target}';\nexport const X = a;\n`, 'apps/web/src/lib/x.ts');
      expect(ids).toContain('local/boundaries');
    },
  );
});

/** One import of each kind the server's zones refuse, written as the file that would hold it. */
const src = 'apps/server/src';
const upward: [from: string, file: string, source: string][] = [
  ['lib', `${src}/lib/x.ts`, '../db/client'],
  ['lib', `${src}/lib/x.ts`, '../core/projects'],
  ['lib', `${src}/lib/x.ts`, '../modules/notes/notes.repository'],
  ['lib', `${src}/lib/x.ts`, '../plugins/auth'],
  ['lib', `${src}/lib/x.ts`, '../app'],
  ['db', `${src}/db/x.ts`, '../core/projects'],
  ['db', `${src}/db/x.ts`, '../modules/notes/notes.repository'],
  ['db', `${src}/db/x.ts`, '../seed/index'],
  ['core', `${src}/core/x.ts`, '../modules/notes/notes.repository'],
  ['core', `${src}/core/x.ts`, '../plugins/auth'],
  ['core', `${src}/core/x.ts`, '../env'],
  ['modules', `${src}/modules/notes/x.ts`, '../../plugins/auth'],
  ['modules', `${src}/modules/notes/x.ts`, '../../seed/index'],
  ['modules', `${src}/modules/notes/x.ts`, '../../app'],
  ['plugins', `${src}/plugins/x.ts`, '../app'],
  ['plugins', `${src}/plugins/x.ts`, '../cli/company'],
];

describe("the server's zones", () => {
  it.each(upward)('refuse %s importing a higher zone (%s -> %s)', async (_zone, file, source) => {
    expect(await ruleIds(`import { a } from '${source}';\nexport const X = a;\n`, file)).toContain('local/boundaries');
  });

  it('refuse a module importing another module', async () => {
    const ids = await ruleIds("import { a } from '../contact/contact.repository';\nexport const X = a;\n", `${src}/modules/notes/x.ts`);
    expect(ids).toContain('local/boundaries');
  });

  it('refuse a database driver or Fastify at run time in lib/, and Fastify in db/', async () => {
    expect(await ruleIds("import { eq } from 'drizzle-orm';\nexport const X = eq;\n", `${src}/lib/x.ts`)).toContain('local/boundaries');
    expect(await ruleIds("import fp from 'fastify-plugin';\nexport const X = fp;\n", `${src}/lib/x.ts`)).toContain('local/boundaries');
    expect(await ruleIds("import Fastify from 'fastify';\nexport const X = Fastify;\n", `${src}/db/x.ts`)).toContain('local/boundaries');
  });

  it('let every zone import its own zone and the ones below, and lib/ name a Fastify type', async () => {
    const allowed: [file: string, code: string][] = [
      [
        `${src}/lib/x.ts`,
        "import type { FastifyRequest } from 'fastify';\nimport { a } from './list-query';\nexport const X = a;\nexport type Y = FastifyRequest;\n",
      ],
      [`${src}/db/x.ts`, "import { a } from '../lib/tokens';\nimport { b } from './client';\nexport const X = [a, b];\n"],
      [
        `${src}/core/x.ts`,
        "import { a } from '../db/client';\nimport { b } from '../lib/tokens';\nimport { c } from './projects';\nexport const X = [a, b, c];\n",
      ],
      [
        `${src}/modules/notes/x.ts`,
        "import { a } from '../../core/projects';\nimport { b } from './notes.repository';\nimport { c } from '../../db/rows';\nexport const X = [a, b, c];\n",
      ],
      [
        `${src}/plugins/x.ts`,
        "import { a } from '../modules/auth/sessions.repository';\nimport { b } from '../core/access/projects';\nexport const X = [a, b];\n",
      ],
      [`${src}/seed/x.ts`, "import { a } from '../modules/notes/notes.repository';\nimport { b } from '../db/client';\nexport const X = [a, b];\n"],
      [`${src}/app.ts`, "import { a } from './plugins/auth';\nimport { b } from './modules/notes/notes.routes';\nexport const X = [a, b];\n"],
    ];
    for (const [file, code] of allowed) expect(await ruleIds(code, file), file).toEqual([]);
  });

  it('leave tests out of the zones: a test composes whatever it checks', async () => {
    const ids = await ruleIds("import { a } from '../../seed/index';\nexport const X = a;\n", `${src}/modules/notes/x.test.ts`);
    expect(ids).toEqual([]);
  });
});

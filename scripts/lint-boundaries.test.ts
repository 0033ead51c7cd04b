import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('the lint rules that keep the layout honest', () => {
  it('refuse a web feature importing another feature', async () => {
    const ids = await ruleIds(
      "import { NotesPage } from '../../notes/components/notes-page';\nexport const X = NotesPage;\n",
      'apps/web/src/features/photos/components/x.ts',
    );
    expect(ids).toContain('local/boundaries');
  });

  it('let a feature import its own files, shared components and lib', async () => {
    const ids = await ruleIds(
      "import { PhotosPage } from './photos-page';\nimport { paths } from '../../../lib/paths';\nexport const X = [PhotosPage, paths];\n",
      'apps/web/src/features/photos/components/x.ts',
    );
    expect(ids).toEqual([]);
  });

  it('refuse the web app importing server code', async () => {
    const ids = await ruleIds(
      "import { buildApp } from '../../../server/src/app';\nexport const X = buildApp;\n",
      'apps/web/src/lib/x.ts',
    );
    expect(ids).toContain('local/boundaries');
  });

  it('refuse the web app importing the server package by name', async () => {
    const ids = await ruleIds("import { buildApp } from '@portal/server';\nexport const X = buildApp;\n", 'apps/web/src/app/x.ts');
    expect(ids).toContain('local/boundaries');
  });

  it('refuse shared code depending on a feature', async () => {
    const ids = await ruleIds(
      "import { NotesPage } from '../features/notes/components/notes-page';\nexport const X = NotesPage;\n",
      'apps/web/src/lib/x.ts',
    );
    expect(ids).toContain('local/boundaries');
  });
});

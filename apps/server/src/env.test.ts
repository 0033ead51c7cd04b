import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EnvError, EnvSchema, parseEnv } from './env';

describe('parseEnv', () => {
  it('falls back to defaults when nothing is set', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.NODE_ENV).toBe('development');
    expect(env.LOG_LEVEL).toBe('info');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBe(true);
    expect(env.TRUST_PROXY).toBe(false);
    expect(env.BODY_LIMIT).toBe(1_048_576);
    expect(path.isAbsolute(env.DATA_DIR)).toBe(true);
    expect(env.DATA_DIR).toBe(path.resolve('data'));
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('derives the default PUBLIC_URL from PORT', () => {
    expect(parseEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('resolves a relative DATA_DIR to an absolute path', () => {
    expect(parseEnv({ DATA_DIR: 'var/portal' }).DATA_DIR).toBe(path.resolve('var/portal'));
  });

  it('strips trailing slashes from PUBLIC_URL', () => {
    expect(parseEnv({ PUBLIC_URL: 'https://portal.example.com/' }).PUBLIC_URL).toBe('https://portal.example.com');
    expect(parseEnv({ PUBLIC_URL: 'https://example.com/portal//' }).PUBLIC_URL).toBe('https://example.com/portal');
  });

  it('reads the values it is given', () => {
    const env = parseEnv({
      PORT: '4100',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://u:p@db:5432/portal',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'no',
      TRUST_PROXY: '1',
      BODY_LIMIT: '2048',
    });
    expect(env).toMatchObject({
      PORT: 4100,
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgresql://u:p@db:5432/portal',
      LOG_LEVEL: 'warn',
      SEED_DEMO: false,
      TRUST_PROXY: 1,
      BODY_LIMIT: 2048,
    });
  });

  it('treats empty strings as unset', () => {
    const env = parseEnv({ PORT: '', HOST: '', DATA_DIR: '', DATABASE_URL: '', PUBLIC_URL: '', LOG_LEVEL: '', SEED_DEMO: '' });
    expect(env).toEqual(parseEnv({}));
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_URL', 'ftp://x'],
    ['PUBLIC_URL', 'not a url'],
    ['SEED_DEMO', 'maybe'],
    ['BODY_LIMIT', '10'],
  ])('refuses %s=%s with an EnvError naming the variable', (name, value) => {
    let thrown: unknown;
    try {
      parseEnv({ [name]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(EnvError);
    const error = thrown as EnvError;
    expect(error.message).toContain(`${name}:`);
    expect(error.issues).toHaveLength(1);
    expect(error.issues[0]).toMatch(new RegExp(`^${name}: `));
  });

  it('lists every bad variable at once', () => {
    expect(() => parseEnv({ PORT: 'abc', LOG_LEVEL: 'loud' })).toThrow(/PORT:[\s\S]*LOG_LEVEL:|LOG_LEVEL:[\s\S]*PORT:/);
  });

  it('selects S3 with S3_BUCKET and wants the key id and the secret together', () => {
    const env = parseEnv({
      S3_BUCKET: 'portal-files',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(env).toMatchObject({ S3_BUCKET: 'portal-files', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true, S3_ACCESS_KEY_ID: 'id' });
    expect(parseEnv({}).S3_FORCE_PATH_STYLE).toBe(false);
    expect(() => parseEnv({ S3_BUCKET: 'portal-files', S3_ACCESS_KEY_ID: 'id' })).toThrow(/S3_SECRET_ACCESS_KEY: .*set together/);
    expect(() => parseEnv({ S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/S3_ACCESS_KEY_ID: .*set together/);
    expect(() => parseEnv({ S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT: /);
  });

  it('reads TRUST_PROXY as a number of proxies or their addresses, never as "trust whatever the client says"', () => {
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: 'no' }).TRUST_PROXY).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => parseEnv({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY: /);
  });
});

describe('the documented settings', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const settings = Object.keys(EnvSchema.in.shape).sort();
  const example = Object.fromEntries(
    readFileSync(path.join(root, '.env.example'), 'utf8')
      .split('\n')
      .filter((line) => /^[A-Z0-9_]+=/.test(line))
      .map((line) => {
        const [name, ...value] = line.split('=');
        return [name!, value.join('=').replace(/^"(.*)"$/, '$1')];
      }),
  );

  it("docs/configuration.md's table and .env.example list every setting the server reads, and nothing else", () => {
    const page = readFileSync(path.join(root, 'docs/configuration.md'), 'utf8');
    const start = page.indexOf('## Server settings');
    expect(start, 'docs/configuration.md has a "## Server settings" section').toBeGreaterThan(-1);
    const end = page.indexOf('\n## ', start + 1);
    const table = page.slice(start, end === -1 ? undefined : end);
    expect([...table.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((match) => match[1]).sort()).toEqual(settings);
    expect(Object.keys(example).sort()).toEqual(settings);
  });

  it('.env.example gives exactly the defaults', () => {
    expect(parseEnv(example)).toEqual(parseEnv({}));
  });
});

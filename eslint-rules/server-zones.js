// The server's zones, lowest first (docs/architecture.md): a file may import its own zone and the
// zones below it, never one above; a module never imports another module. Read by eslint.config.js
// and by the rule's tests, so the tests prove the configuration that runs, not a copy of it.
import { readdirSync } from 'node:fs';

const src = './apps/server/src';

/** Everything that sits above each zone, in one place: the top zone (entry points) is app.ts, server.ts, env.ts, seed/ and cli/. */
// Files without their extension: an import names `../app`, never `../app.ts`.
const TOP = [`${src}/app`, `${src}/server`, `${src}/env`, `${src}/seed`, `${src}/cli`];
const ORDER = ['lib', 'db', 'core', 'modules', 'plugins'];

const message = (zone, above) =>
  `The server's imports run one way (lib < db < core < modules < plugins < app, seed, cli): ${zone}/ may not import ${above}. Move what both need down (docs/architecture.md).`;

export function serverZones() {
  const zones = ORDER.map((zone, index) => ({
    target: `${src}/${zone}`,
    from: [...ORDER.slice(index + 1).map((above) => `${src}/${above}`), ...TOP],
    message: message(zone, 'a higher zone'),
  }));
  const modules = readdirSync(`${src}/modules`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  for (const name of modules) {
    zones.push({
      target: `${src}/modules/${name}`,
      from: `${src}/modules`,
      except: [`./${name}`],
      message: 'A module never imports another module: move what two modules share down into core/ (docs/architecture.md).',
    });
  }
  return zones;
}

/** Packages the low zones stay free of: lib is pure, and db knows no web framework. */
export const serverPackages = [
  ...['fastify', 'fastify-plugin', '@fastify', 'drizzle-orm', 'pg', '@electric-sql/pglite'].map((name) => ({
    target: `${src}/lib`,
    name,
    message: 'lib/ holds pure helpers: no database and no Fastify at run time (docs/architecture.md).',
    allowTypeImports: true,
  })),
  ...['fastify', 'fastify-plugin', '@fastify'].map((name) => ({
    target: `${src}/db`,
    name,
    message: 'db/ knows no web framework (docs/architecture.md).',
  })),
];

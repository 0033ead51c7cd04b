// A local ESLint rule: where a file may import from, by the folder its import resolves into.
// Written here instead of pulling in a resolver plugin with native binaries.
import path from 'node:path';

/**
 * Options: `{ zones: [{ target, from, except?, message }] }`, folders relative to the repository
 * root. A file under `target` may not import anything that resolves under `from` (unless under one
 * of `except`, relative to `from`). Bare package imports are checked by name against `packages`
 * (`allowTypeImports: true` lets `import type` through: a type costs nothing at run time).
 */
export const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports within the layout: features apart, the web app off the server.' },
    schema: [{ type: 'object', additionalProperties: true }],
  },
  create(context) {
    const root = context.cwd;
    const { zones = [], packages = [] } = context.options[0] ?? {};
    const file = path.resolve(root, context.filename);
    const inside = (child, parent) => {
      const relative = path.relative(parent, child);
      return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
    };
    const check = (node, source, typeOnly = false) => {
      for (const rule of packages) {
        if (typeOnly && rule.allowTypeImports) continue;
        if (inside(file, path.resolve(root, rule.target)) && (source === rule.name || source.startsWith(`${rule.name}/`))) {
          context.report({ node, message: rule.message });
        }
      }
      if (!source.startsWith('.')) return;
      const resolved = path.resolve(path.dirname(file), source);
      for (const zone of zones) {
        const targets = [zone.target].flat().map((target) => path.resolve(root, target));
        const froms = [zone.from].flat().map((from) => path.resolve(root, from));
        if (!targets.some((target) => inside(file, target))) continue;
        const from = froms.find((candidate) => inside(resolved, candidate));
        if (!from) continue;
        const excepted = (zone.except ?? []).some((except) => inside(resolved, path.resolve(from, except)));
        if (!excepted) context.report({ node, message: zone.message });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value, node.importKind === 'type'),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && typeof node.source.value === 'string' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { boundaries } };

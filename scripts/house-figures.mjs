#!/usr/bin/env node
/**
 * The figures a newcomer meets in the source (docs/architecture.md, "Long files and functions"): source files over
 * 400 lines and functions over 100 lines, a function's own lines counted apart from the functions nested in it (a
 * route table's handlers are each their own function, not lines of the table).
 *
 *   node scripts/house-figures.mjs            a report
 *   node scripts/house-figures.mjs --json     the same as JSON, for the test that holds the limits
 *
 * Tests and test helpers are left out: the limits are for the code a reader must take in to change the product.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const FILE_LIMIT = 400;
export const FUNCTION_LIMIT = 100;
const ROOTS = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const isSource = (name) => /\.(ts|tsx)$/.test(name) && !/\.(test|api-test|d)\.tsx?$/.test(name) && !name.endsWith('.d.ts');

function* sourceFiles(folder) {
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test' && entry.name !== 'node_modules') yield* sourceFiles(relative);
    } else if (isSource(entry.name)) yield relative;
  }
}

const isFunction = (node) =>
  ts.isFunctionDeclaration(node) ||
  ts.isFunctionExpression(node) ||
  ts.isArrowFunction(node) ||
  ts.isMethodDeclaration(node) ||
  ts.isConstructorDeclaration(node) ||
  ts.isGetAccessorDeclaration(node) ||
  ts.isSetAccessorDeclaration(node);

/** A function's name as a reader would search for it: its own, or the variable, property or call it is given to. */
function nameOf(node, source) {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(source);
    const first = parent.arguments[0];
    return first && ts.isStringLiteral(first) ? `${callee}(${JSON.stringify(first.text)})` : `${callee}(…)`;
  }
  return '(anonymous)';
}

/** Lines of a file's code: blank lines and lines that are only a comment do not count. */
function codeLines(text) {
  const lines = new Set();
  text.split('\n').forEach((line, index) => {
    const trimmed = line.trim();
    if (trimmed && !trimmed.startsWith('//') && !trimmed.startsWith('*') && !trimmed.startsWith('/*')) lines.add(index);
  });
  return lines;
}

export function measure() {
  const files = [];
  const functions = [];
  for (const folder of ROOTS) {
    for (const file of sourceFiles(folder)) {
      const text = readFileSync(path.join(root, file), 'utf8');
      const lineCount = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
      files.push({ file, lines: lineCount });
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
      const code = codeLines(text);
      const visit = (node, owner) => {
        let current = owner;
        if (isFunction(node) && node.body) {
          const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
          const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
          current = { file, name: nameOf(node, source), line: start + 1, own: new Set() };
          for (let line = start; line <= end; line++) if (code.has(line)) current.own.add(line);
          functions.push(current);
          // The lines of a nested function are its own, not its parent's.
          if (owner) for (const line of current.own) owner.own.delete(line);
        }
        ts.forEachChild(node, (child) => visit(child, current));
      };
      visit(source, undefined);
    }
  }
  return {
    files: files.sort((a, b) => b.lines - a.lines),
    functions: functions.map(({ own, ...rest }) => ({ ...rest, lines: own.size })).sort((a, b) => b.lines - a.lines),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { files, functions } = measure();
  const longFiles = files.filter((entry) => entry.lines > FILE_LIMIT);
  const longFunctions = functions.filter((entry) => entry.lines > FUNCTION_LIMIT);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ longFiles, longFunctions }, null, 2));
  } else {
    const median = (list) => list.map((entry) => entry.lines).sort((a, b) => a - b)[Math.floor(list.length / 2)];
    console.log(`${files.length} source files, median ${median(files)} lines; ${functions.length} functions`);
    console.log(`\nFiles over ${FILE_LIMIT} lines: ${longFiles.length}`);
    for (const entry of longFiles) console.log(`  ${entry.lines}  ${entry.file}`);
    console.log(`\nFunctions over ${FUNCTION_LIMIT} lines of their own: ${longFunctions.length}`);
    for (const entry of longFunctions) console.log(`  ${entry.lines}  ${entry.file}:${entry.line}  ${entry.name}`);
  }
}

/**
 * `npm run code-shape` — figures on the server's shape (server/src, tests excluded), printed:
 *
 * - files over 300 lines;
 * - functions over 60 lines (every function, arrow and method, a factory closure counted whole);
 * - pairs of folders that import each other (a folder is a module: modules/nodes/core, http, db…);
 * - route handlers that decide access themselves (they call the access gate: require, resolve,
 *   resolveFolder, readable — directly or through a helper of their routes file).
 *
 *   npm run code-shape             the figures and the lists
 *   npm run code-shape -- --brief  the figures only
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'server/src');
const FILE_LINES = 300;
const FUNCTION_LINES = 60;
const ACCESS_CALLS = new Set(['require', 'resolve', 'resolveFolder', 'readable']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.includes('.test-')
      ? [full]
      : [];
  });
}

const rel = (file: string) => path.relative(SERVER, file);
const lineOf = (source: ts.SourceFile, pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;

function functionName(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `(argument of ${parent.expression.getText().slice(0, 40)})`;
  return '(anonymous)';
}

function longFunctions(source: ts.SourceFile): { name: string; lines: number }[] {
  const found: { name: string; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const body = node.body as ts.Node;
      const lines = lineOf(source, body.getEnd()) - lineOf(source, node.getStart(source)) + 1;
      if (lines > FUNCTION_LINES) found.push({ name: functionName(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The folders (relative to server/src) a file imports from, its own excluded. */
function importedFolders(file: string, source: ts.SourceFile): Set<string> {
  const folders = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), specifier.text);
    if (!target.startsWith(SERVER)) continue;
    folders.add(path.dirname(rel(target)));
  }
  folders.delete(path.dirname(rel(file)));
  return folders;
}

/** Names of calls (`x.require(…)` → require, `file(…)` → file) made anywhere inside a node. */
function callNames(node: ts.Node): Set<string> {
  const names = new Set<string>();
  const visit = (n: ts.Node) => {
    if (ts.isCallExpression(n)) {
      const callee = n.expression;
      if (ts.isPropertyAccessExpression(callee)) names.add(callee.name.text);
      else if (ts.isIdentifier(callee)) names.add(callee.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return names;
}

/** Handlers (methods of an object literal in a *.routes.ts) that reach the access gate. */
function accessDecidingHandlers(source: ts.SourceFile): string[] {
  const deciding = new Set(ACCESS_CALLS);
  // Local helpers that call the gate count as the gate (versions.routes' `file`).
  const helpers: [string, ts.Node][] = [];
  const collect = (n: ts.Node) => {
    if (ts.isVariableDeclaration(n) && n.initializer && ts.isArrowFunction(n.initializer)) {
      helpers.push([n.name.getText(), n.initializer]);
    }
    if (ts.isFunctionDeclaration(n) && n.name) helpers.push([n.name.text, n]);
    ts.forEachChild(n, collect);
  };
  collect(source);
  for (let changed = true; changed; ) {
    changed = false;
    for (const [name, body] of helpers) {
      if (deciding.has(name)) continue;
      if ([...callNames(body)].some((c) => deciding.has(c))) {
        deciding.add(name);
        changed = true;
      }
    }
  }
  const handlers: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isMethodDeclaration(n) && ts.isObjectLiteralExpression(n.parent)) {
      if ([...callNames(n)].some((c) => deciding.has(c))) handlers.push(n.name.getText());
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return handlers;
}

function measure() {
  const bigFiles: { file: string; lines: number }[] = [];
  const functions: { file: string; name: string; lines: number }[] = [];
  const imports = new Map<string, Set<string>>();
  const handlers: string[] = [];
  for (const file of sourceFiles(SERVER)) {
    const text = readFileSync(file, 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > FILE_LINES) bigFiles.push({ file: rel(file), lines });
    for (const f of longFunctions(source)) functions.push({ file: rel(file), ...f });
    const folder = path.dirname(rel(file));
    const into = imports.get(folder) ?? new Set<string>();
    for (const target of importedFolders(file, source)) into.add(target);
    imports.set(folder, into);
    if (file.endsWith('.routes.ts')) {
      for (const h of accessDecidingHandlers(source)) handlers.push(`${rel(file)} : ${h}`);
    }
  }
  const pairs: string[] = [];
  for (const [a, targets] of imports) {
    for (const b of targets) if (a < b && imports.get(b)?.has(a)) pairs.push(`${a} <-> ${b}`);
  }
  return { bigFiles, functions, pairs: pairs.sort(), handlers };
}

const brief = process.argv.includes('--brief');
const { bigFiles, functions, pairs, handlers } = measure();
const section = (title: string, items: string[]) => {
  console.log(`${title}: ${items.length}`);
  if (!brief) for (const item of items) console.log(`  ${item}`);
};
section(
  `Files over ${FILE_LINES} lines`,
  bigFiles.sort((a, b) => b.lines - a.lines).map((f) => `${f.lines}  ${f.file}`),
);
section(
  `Functions over ${FUNCTION_LINES} lines`,
  functions.sort((a, b) => b.lines - a.lines).map((f) => `${f.lines}  ${f.file} : ${f.name}`),
);
section('Folders that import each other', pairs);
section('Route handlers that decide access', handlers);

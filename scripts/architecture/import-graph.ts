import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** One import edge. `to` is a repo-relative file, or the bare specifier of a package (e.g. `@aws-sdk/client-s3`). */
export interface ImportEdge {
  from: string;
  to: string;
  external: boolean;
  /** `import type`, `export type`, or an `import('...')` type: erased at compile time, no runtime dependency. */
  typeOnly: boolean;
}

export interface ImportGraph {
  files: string[];
  edges: ImportEdge[];
}

interface ParsedImport {
  specifier: string;
  typeOnly: boolean;
}

const WORKSPACES = ['shared', 'functions', 'web', 'scripts', 'infra'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'cdk.out', 'coverage', '.git']);
const SOURCE_FILE = /\.(ts|tsx|mts|cts)$/;
const RESOLVE_SUFFIXES = ['', '.ts', '.tsx', '.d.ts', '/index.ts', '/index.tsx'];

/**
 * The TypeScript parser (not a regex) finds the imports: strings, comments, regex literals and JSX can
 * then never be mistaken for an import, and type-only imports are told apart from runtime ones.
 */
export function parseImports(fileName: string, source: string): ParsedImport[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, kind);
  const found: ParsedImport[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: isTypeOnlyImport(node) });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
      const allTypes = named !== undefined && named.length > 0 && named.every((e) => e.isTypeOnly);
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly || allTypes });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push({ specifier: arg.text, typeOnly: false });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** `import type {A}` and `import {type A, type B}` (nothing else) are erased; `import {}` / side-effect imports are not. */
function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return (
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((e) => e.isTypeOnly)
  );
}

/** Repo-relative source files of every workspace; dist, node_modules and CDK output are build products. */
export function listSourceFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (SKIPPED_DIRS.has(name)) continue;
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (SOURCE_FILE.test(name)) out.push(relative(root, full).split(sep).join('/'));
    }
  };
  for (const ws of WORKSPACES) if (existsSync(join(root, ws))) walk(join(root, ws));
  return out.sort();
}

/**
 * Resolves a specifier to a repo-relative file the way the bundler does: relative paths, the
 * `@tapewatch/<workspace>/x` exports map (`./*` -> `./src/*.ts`), `.js` written for `.ts`.
 * Returns undefined for a package (bare specifier) and for a relative path that names no source file
 * (an asset such as `./logo.svg`).
 */
export function resolveSpecifier(
  fromFile: string,
  specifier: string,
  exists: (file: string) => boolean,
): string | undefined {
  let base: string;
  const alias = /^@tapewatch\/([a-z]+)\/(.+)$/.exec(specifier);
  if (alias) base = `${alias[1]}/src/${alias[2]}`;
  else if (specifier.startsWith('.')) base = posix.normalize(posix.join(posix.dirname(fromFile), specifier));
  else return undefined;
  const candidates = [base, base.replace(/\.(m|c)?js$/, '.$1ts'), base.replace(/\.jsx$/, '.tsx')];
  for (const candidate of candidates) {
    for (const suffix of RESOLVE_SUFFIXES) {
      const file = candidate + suffix;
      if (SOURCE_FILE.test(file) && exists(file)) return file;
    }
  }
  return undefined;
}

/** Builds the graph from already-read sources (so a test can feed a synthetic tree). */
export function buildGraph(sources: ReadonlyMap<string, string>): ImportGraph {
  const files = [...sources.keys()].sort();
  const exists = (file: string): boolean => sources.has(file);
  const edges: ImportEdge[] = [];
  for (const from of files) {
    for (const { specifier, typeOnly } of parseImports(from, sources.get(from) ?? '')) {
      if (specifier.startsWith('.') || specifier.startsWith('@tapewatch/')) {
        const to = resolveSpecifier(from, specifier, exists);
        // An unresolved local import is an asset or a generated file: nothing to check.
        if (to) edges.push({ from, to, external: false, typeOnly });
      } else if (!specifier.startsWith('node:')) {
        edges.push({ from, to: specifier, external: true, typeOnly });
      }
    }
  }
  return { files, edges };
}

export function readRepoGraph(root: string): ImportGraph {
  const sources = new Map<string, string>();
  for (const file of listSourceFiles(root)) sources.set(file, readFileSync(join(root, file), 'utf8'));
  return buildGraph(sources);
}

/** The repository root, two levels above this file. */
export const REPO_ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

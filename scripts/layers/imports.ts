import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';

/**
 * The import graph of the layered folders, read with TypeScript's own parser so that `import type` is told apart from an
 * import that runs: the panel may take the server's schema *types*, never its code, and only a parser knows the difference.
 */

/** One import of a file: what it names (a path from the repository's root, or a package) and whether it only brings types. */
export interface Import {
  from: string;
  /** A repository path (`client/client`) for a relative specifier, or the package (`react`) for a bare one. */
  target: string;
  /** True when a repository path: the specifier started with `.`. */
  ours: boolean;
  /** Erased at compile time: `import type`, `export type … from`, `import { type A }` only, `typeof import('…')`. */
  typeOnly: boolean;
  /** An `import('…')` call: the module loads when that line runs, not when the importing file does. */
  dynamic: boolean;
}

const SOURCE = /\.(ts|tsx|mts)$/;

/** Every import in one file's text; `file` is its path from the repository's root (posix separators). */
export function importsOf(file: string, text: string): Import[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found: Import[] = [];
  const add = (specifier: ts.Node | undefined, typeOnly: boolean, dynamic = false): void => {
    if (!specifier || !ts.isStringLiteralLike(specifier)) return;
    found.push(toImport(file, specifier.text, typeOnly, dynamic));
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) add(node.moduleSpecifier, importIsTypeOnly(node));
    else if (ts.isExportDeclaration(node)) add(node.moduleSpecifier, exportIsTypeOnly(node));
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0], false, true);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function importIsTypeOnly(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import './x.css'` runs the module
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  // `import { type A, type B } from …` with nothing else: the whole declaration is erased.
  return (
    !clause.name &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

function exportIsTypeOnly(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return true;
  const clause = node.exportClause;
  return (
    clause !== undefined &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((element) => element.isTypeOnly)
  );
}

function toImport(from: string, specifier: string, typeOnly: boolean, dynamic: boolean): Import {
  if (!specifier.startsWith('.')) return { from, target: specifier, ours: false, typeOnly, dynamic };
  const target = posix.normalize(posix.join(posix.dirname(from), specifier));
  return { from, target, ours: true, typeOnly, dynamic };
}

/** Every .ts / .tsx file under the given folders of `root`, as repository paths. */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) walk(path);
      else if (SOURCE.test(entry.name)) files.push(path);
    }
  };
  for (const folder of folders) walk(folder);
  return files.sort();
}

/** The imports of every source file under the folders. */
export function readImports(root: string, folders: readonly string[]): Import[] {
  return sourceFiles(root, folders).flatMap((file) => importsOf(file, readFileSync(join(root, file), 'utf8')));
}

import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Closed sets of kinds (voter modes, voting rules, entry-form field types, media states) are handled by
 * switches that end in `assertNever`: adding a kind must fail the type check at every place that decides by
 * kind, instead of falling into a default branch that was written for another kind. Each case adds a kind to
 * the set's definition in memory and type-checks the files that must notice it.
 */
const root = path.resolve(import.meta.dirname, '..');
const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile);
const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);

type KindCase = {
  name: string;
  /** The file defining the set, and the edit that adds a kind to it. */
  definition: string;
  from: string;
  to: string;
  /** Files with a switch over the set that must stop compiling. */
  handlers: string[];
};

const CASES: KindCase[] = [
  {
    name: 'voter modes',
    definition: 'common/gallery.ts',
    from: "export const VOTER_MODES = ['anonymous',",
    to: "export const VOTER_MODES = ['ldap', 'anonymous',",
    handlers: ['server/src/services/gallery/votes.ts', 'server/src/services/gallery/gallery-reads.ts', 'web/src/pages/gallery/VoteButton.tsx'],
  },
  {
    name: 'voting rules',
    definition: 'common/gallery.ts',
    from: "export const VOTING_RULES = ['perEntry',",
    to: "export const VOTING_RULES = ['perWeek', 'perEntry',",
    handlers: ['server/src/services/gallery/voting-settings.ts'],
  },
  {
    name: 'entry-form field types',
    definition: 'common/entry-form/definitions.ts',
    from: 'export const FIELD_TYPES = [',
    to: "export const FIELD_TYPES = [\n  'rating',",
    handlers: ['common/entry-form/answers-schema.ts', 'server/src/services/entry-form/present-answers.ts', 'web/src/pages/submission/extra/AnswerInput.tsx'],
  },
  {
    name: 'media states',
    definition: 'common/media.ts',
    from: "export type MediaStatusName = 'none'",
    to: "export type MediaStatusName = 'paused' | 'none'",
    handlers: ['web/src/components/media/MediaStatusText.tsx'],
  },
];

/** Type errors in `files` when `definition` reads as `text` (a program over just what those files import). */
function errorsWith(definition: string, text: string | undefined, files: string[]): Map<string, string[]> {
  const host = ts.createCompilerHost(options);
  const target = path.join(root, definition);
  const readFile = host.readFile;
  host.readFile = (name) => (text !== undefined && path.resolve(name) === target ? text : readFile(name));
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (name, language, onError) =>
    text !== undefined && path.resolve(name) === target ? ts.createSourceFile(name, text, language, true) : getSourceFile(name, language, onError);
  const program = ts.createProgram(
    files.map((f) => path.join(root, f)),
    options,
    host,
  );
  const out = new Map<string, string[]>();
  for (const f of files) {
    const source = program.getSourceFile(path.join(root, f));
    if (!source) throw new Error(`not in the program: ${f}`);
    out.set(
      f,
      program.getSemanticDiagnostics(source).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
    );
  }
  return out;
}

describe('closed sets of kinds are handled exhaustively', () => {
  it.each(CASES)(
    'adding one of the $name fails the type check where kinds are handled',
    (c) => {
      const original = fs.readFileSync(path.join(root, c.definition), 'utf8');
      expect(original, `${c.definition} no longer says "${c.from}"`).toContain(c.from);
      const before = errorsWith(c.definition, undefined, c.handlers);
      for (const f of c.handlers) expect(before.get(f), `${f} has type errors as it is`).toEqual([]);
      const after = errorsWith(c.definition, original.replace(c.from, c.to), c.handlers);
      for (const f of c.handlers)
        expect((after.get(f) ?? []).join('\n'), `${f} compiles with a kind it does not handle`).toMatch(/never|lacks ending return|not all code paths/i);
    },
    240_000,
  );
});

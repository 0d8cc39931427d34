import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../common/i18n/index';
import { SUPPORTED_LOCALES } from '../../../common/locales';

/**
 * The locale check: every key in all three locale files, the same placeholders in each, every
 * statically named message id defined, and no hard-coded user-visible text in the web app's TSX.
 */
const WEB_SRC = path.resolve(import.meta.dirname, '..');
const VISIBLE_ATTRIBUTES = new Set(['title', 'alt', 'placeholder', 'aria-label', 'label', 'aria-description', 'content']);
const HAS_WORDS = /[A-Za-z\u3400-\u9fff]{2,}/;

function tsxFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return tsxFiles(p);
    return p.endsWith('.tsx') ? [p] : [];
  });
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)/g)].map((m) => m[1] as string).sort();
}

type Finding = { file: string; line: number; text: string };

function scan(file: string): { hardCoded: Finding[]; ids: Finding[] } {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const hardCoded: Finding[] = [];
  const ids: Finding[] = [];
  const at = (node: ts.Node, text: string) => ({
    file: path.relative(WEB_SRC, file),
    line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
    text,
  });
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && HAS_WORDS.test(node.getText())) hardCoded.push(at(node, node.getText().trim()));
    if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText();
      const init = node.initializer;
      const literal = ts.isStringLiteral(init)
        ? init.text
        : ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression)
          ? init.expression.text
          : undefined;
      if (literal !== undefined && VISIBLE_ATTRIBUTES.has(name) && HAS_WORDS.test(literal)) hardCoded.push(at(node, `${name}="${literal}"`));
      if (literal !== undefined && (name === 'id' || name === 'titleKey') && /^[a-z]+[A-Za-z0-9]*\.[\w.]+$/.test(literal)) ids.push(at(node, literal));
    }
    // formatMessage({ id: '...' }) and { label: 'menu.x' }-style tables of message ids.
    if (
      ts.isPropertyAssignment(node) &&
      ts.isStringLiteralLike(node.initializer) &&
      ['id', 'label', 'title', 'body', 'titleKey'].includes(node.name.getText())
    ) {
      const v = node.initializer.text;
      const namespaced =
        /^(menu|route|common|home|phase|group|details|news|jury|exhibition|thanks|about|footer|error|request|pagination|site|account|auth|submit|entry|upload|gallery|vote|share|poster|contact|captcha|console|admin|media)\.[\w.]+$/;
      if ((node.name.getText() === 'id' && /^[a-z][A-Za-z0-9]*\.[\w.]+$/.test(v)) || namespaced.test(v)) ids.push(at(node, v));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { hardCoded, ids };
}

describe('locale files', () => {
  const reference = Object.keys(MESSAGES['zh-CN']).sort();

  it.each(SUPPORTED_LOCALES)('%s has exactly the keys of zh-CN, none empty', (locale) => {
    const keys = Object.keys(MESSAGES[locale]).sort();
    expect(keys.filter((k) => !reference.includes(k))).toEqual([]);
    expect(reference.filter((k) => !keys.includes(k))).toEqual([]);
    expect(Object.entries(MESSAGES[locale]).filter(([, v]) => !v.trim())).toEqual([]);
  });

  it.each(SUPPORTED_LOCALES)('%s uses the same placeholders as zh-CN', (locale) => {
    const mismatched = reference.filter(
      (k) => placeholders(MESSAGES[locale][k as 'site.name']).join() !== placeholders(MESSAGES['zh-CN'][k as 'site.name']).join(),
    );
    expect(mismatched).toEqual([]);
  });
});

describe('web app source', () => {
  const files = tsxFiles(WEB_SRC);

  it('has TSX files to check', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it('contains no hard-coded user-visible string', () => {
    const found = files.flatMap((f) => scan(f).hardCoded);
    expect(found).toEqual([]);
  });

  it('names only message ids that exist', () => {
    const missing = files.flatMap((f) => scan(f).ids).filter((f) => !(f.text in MESSAGES['zh-CN']));
    expect(missing).toEqual([]);
  });

  it('the checker itself finds a hard-coded string and an unknown id', () => {
    const tmp = path.join(WEB_SRC, '__probe__.tsx');
    fs.writeFileSync(tmp, 'export const X = () => <p title="Hello there">Submit now<FormattedMessage id="menu.nope" /></p>;\n');
    try {
      const r = scan(tmp);
      expect(r.hardCoded.map((h) => h.text)).toEqual(['title="Hello there"', 'Submit now']);
      expect(r.ids.map((i) => i.text)).toEqual(['menu.nope']);
    } finally {
      fs.unlinkSync(tmp);
    }
  });
});

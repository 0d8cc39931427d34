import { describe, expect, it } from 'vitest';
import { isSafeUrl, safeUrl } from './safe-url';
import { urlField } from './schemas/url';

describe('the shared URL rule', () => {
  it.each(['https://example.com', 'HTTPS://Example.com/a?b=c#d', 'http://example.com:8080/x', '/media/seed/qr.png', '/', '/a//b'])('accepts %j', (url) => {
    expect(isSafeUrl(url)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:image/png;base64,AAAA',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/x',
    '/\\evil.example/x',
    '/\t/evil.example/x',
    'https:/\\evil.example',
    'https:///evil.example',
    'https://',
    ' javascript:alert(1)',
    '\u0001javascript:alert(1)',
    '\u0000/x',
    'java\nscript:alert(1)',
    'media/x.png',
    'mailto:a@example.com',
    'ftp://example.com/x',
  ])('refuses %j', (url) => {
    expect(isSafeUrl(url)).toBe(false);
    expect(safeUrl(url)).toBeUndefined();
  });

  it('as a schema: trims, keeps empty as "none", refuses with code 6040', () => {
    expect(urlField.parse('  https://example.com/  ')).toBe('https://example.com/');
    expect(urlField.parse('')).toBe('');
    const refused = urlField.safeParse('  javascript:alert(1)');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual(['6040']);
    expect(urlField.safeParse('x'.repeat(1001)).success).toBe(false);
  });
});

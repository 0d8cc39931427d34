import { describe, expect, it } from 'vitest';
import { FULL_PAGER_MIN_PAGES, pagerControls } from './pager-controls';

describe('news pager controls', () => {
  it('a short list gets page links only', () => {
    expect(pagerControls(14, 10)).toEqual({ sizeChanger: false, quickJumper: false });
    expect(pagerControls(10 * (FULL_PAGER_MIN_PAGES - 1), 10)).toEqual({ sizeChanger: false, quickJumper: false });
  });

  it('a long archive gets the page-size menu and the jump box', () => {
    expect(pagerControls(10 * (FULL_PAGER_MIN_PAGES - 1) + 1, 10)).toEqual({ sizeChanger: true, quickJumper: true });
    expect(pagerControls(500, 20)).toEqual({ sizeChanger: true, quickJumper: true });
  });

  it('counts pages at the size the visitor chose', () => {
    expect(pagerControls(120, 50).quickJumper).toBe(false);
    expect(pagerControls(120, 10).quickJumper).toBe(true);
  });
});

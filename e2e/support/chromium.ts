/** Debian's Chromium, driven by the e2e specs and the benchmarks (nothing here downloads a browser). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** A quiet, repeatable browser on a shared container: no sandbox or GPU, no background traffic, updates or sync. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

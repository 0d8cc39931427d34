import fs from 'node:fs';
import ipaddr from 'ipaddr.js';

/**
 * VOTE_BLOCKLIST_FILE: one CIDR (or bare address) per line, '#' starts a comment. Read at first use and
 * again when the file changes (checked at most every 30 s), so organisers can update it without a restart.
 */
type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];
type Loaded = { ranges: Range[]; mtimeMs: number; checkedAt: number };

const cache = new Map<string, Loaded>();
const RECHECK_MS = 30_000;

/** The ranges of a blocklist's text; a line that is no address or CIDR is skipped. */
function parseBlocklist(text: string): Range[] {
  const ranges: Range[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    try {
      if (line.includes('/')) ranges.push(ipaddr.parseCIDR(line) as Range);
      else {
        const addr = ipaddr.parse(line);
        ranges.push([addr, addr.kind() === 'ipv4' ? 32 : 128]);
      }
    } catch {
      // not an address: skipped
    }
  }
  return ranges;
}

function load(file: string, now: number): Loaded {
  const hit = cache.get(file);
  if (hit && now - hit.checkedAt < RECHECK_MS) return hit;
  let mtimeMs = -1;
  try {
    mtimeMs = fs.statSync(file).mtimeMs;
  } catch {
    // A missing file blocks nothing.
  }
  if (hit && hit.mtimeMs === mtimeMs) {
    hit.checkedAt = now;
    return hit;
  }
  const ranges = mtimeMs < 0 ? [] : parseBlocklist(fs.readFileSync(file, 'utf8'));
  const loaded = { ranges, mtimeMs, checkedAt: now };
  cache.set(file, loaded);
  return loaded;
}

export function isBlocked(file: string | undefined, ip: string, now = Date.now()): boolean {
  if (!file) return false;
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.process(ip); // IPv4-mapped IPv6 (::ffff:1.2.3.4) compares as IPv4
  } catch {
    return false;
  }
  return load(file, now).ranges.some(([range, bits]) => range.kind() === addr.kind() && addr.match(range, bits));
}

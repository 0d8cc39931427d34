/**
 * The console dashboard's setup checklist: what an organiser still has to do before each phase opens.
 * Items are cumulative: what submissions need, voting needs too.
 */

/** The phases an organiser opens and that need things in place first, in the order they open. */
export const SETUP_GATES = ['submission', 'voting', 'judging'] as const;
export type SetupGate = (typeof SETUP_GATES)[number];

export const SETUP_ITEMS = [
  'publicUrl',
  'smtpUrl',
  'identity',
  'wechatQr',
  'page.eventDetails',
  'page.aboutUs',
  'page.specialThanks',
  'page.privacy',
  'phase.submission',
  'phase.order',
  'templates',
  'locale.en-US',
  'phase.voting',
  'phase.judging',
  'jury.criteria',
  'jury.jurors',
] as const;
export type SetupItemKey = (typeof SETUP_ITEMS)[number];

export type SetupItem = {
  key: SetupItemKey;
  done: boolean;
  /** The first phase that needs it. */
  gate: SetupGate;
  /** Required items ask for confirmation when their phase is opened without them; the others are advice. */
  required: boolean;
  /** Where the console fixes it (a console hash route), or null for a server setting (the README says how). */
  link: string | null;
  /** What exactly is missing, e.g. the pages or texts without an English version. */
  detail: string[];
};

export type SetupChecklist = {
  items: SetupItem[];
  /** Per phase, the required items still missing before it can open (its own and every earlier phase's). */
  missing: Record<SetupGate, SetupItemKey[]>;
};

/** Per phase, the required items not done for it or any phase before it. */
export function missingByGate(items: SetupItem[]): Record<SetupGate, SetupItemKey[]> {
  const out = {} as Record<SetupGate, SetupItemKey[]>;
  SETUP_GATES.forEach((gate, i) => {
    const before = new Set(SETUP_GATES.slice(0, i + 1));
    out[gate] = items.filter((it) => it.required && !it.done && before.has(it.gate)).map((it) => it.key);
  });
  return out;
}

/**
 * The proof-of-work challenge (ALTCHA) that replaced the image captcha: the server signs a challenge, the
 * browser finds the number behind it in a Web Worker, and the form or vote sends the solution back as one
 * base64 JSON field (`altcha`, the ALTCHA payload). Every purpose has its own challenges, so one made for
 * the contact form cannot pay for a vote (`voteCode`: asking for an e-mailed voting code; `register`: a new
 * account, which is a vote in account mode).
 */
export const CHALLENGE_PURPOSES = ['vote', 'contact', 'report', 'voteCode', 'register'] as const;
export type ChallengePurpose = (typeof CHALLENGE_PURPOSES)[number];

/** What GET /api/challenge answers (ALTCHA's challenge shape). `maxnumber` is the difficulty: the search space. */
export type PowChallenge = { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };

/** What the solver sends back, base64-encoded JSON (ALTCHA's payload). */
export type PowSolution = { algorithm: string; challenge: string; number: number; salt: string; signature: string; took?: number };

/** The organiser's base difficulty (maxnumber) may be set within this range. */
export const POW_BASE_RANGE = { min: 1000, max: 10_000_000 } as const;
/** The step-up difficulty (the first vote past a threshold; it doubles per further vote) within this one. */
export const POW_STEP_UP_RANGE = { min: 10_000, max: 2 ** 40 } as const;

/** A solution travels as base64 JSON; a few hundred characters at most. */
export const ALTCHA_MAX = 1000;

export function encodeSolution(s: PowSolution): string {
  return btoa(JSON.stringify(s));
}

/**
 * The final ranking of one group (docs/ARCHITECTURE.md, "Jury and results"), pure so both the console and the
 * tests can run it on fixed numbers:
 * 1. A juror's sheet for an entry counts when it scores every criterion (1-10): its weighted average is
 *    sum(weight x score) / sum(weights), still on the 1-10 scale.
 * 2. Per-juror normalisation: each juror's weighted averages over the group's entries become z-scores
 *    ((x - the juror's mean) / the juror's population standard deviation; 0 when the juror gave every entry
 *    the same or scored only one), so a harsh or a generous juror moves entries only by their order.
 * 3. An entry's jury score is the mean z of the jurors who scored it, rescaled min-max over the group to
 *    0-100 (all equal: 50); an entry no juror scored gets 0.
 * 4. Public score: the entry's share of the group's votes, rescaled so the most-voted entry has 100.
 * 5. Final = (juryWeight x jury + publicWeight x public) / 100; ranks are shared by equal finals (1, 1, 3)
 *    and flagged `tied`.
 */
export type RankingWeights = { jury: number; public: number };
export type RankingInput = {
  criteria: { id: number; weight: number }[];
  entries: { id: number; votes: number }[];
  /** Counted sheets only: recused and unassigned scores are left out by the caller. */
  scores: { jurorId: number; entryId: number; criterionId: number; score: number }[];
  weights: RankingWeights;
};
export type RankedEntry = {
  entryId: number;
  rank: number;
  tied: boolean;
  /** Mean of the jurors' weighted averages, 1-10, before normalisation (null: nobody scored it). */
  juryAverage: number | null;
  jurorCount: number;
  /** Mean z-score of its jurors (null: nobody scored it). */
  juryZ: number | null;
  jury: number;
  votes: number;
  voteShare: number;
  public: number;
  final: number;
};

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** Ties are equal finals to 9 decimals, so float noise from the sums never splits or joins them. */
const tieKey = (x: number) => Math.round(x * 1e9);

/** Weighted average per (juror, entry) sheet that scores every criterion. */
export function weightedSheets(input: Pick<RankingInput, 'criteria' | 'scores'>): Map<number, Map<number, number>> {
  const totalWeight = input.criteria.reduce((a, c) => a + c.weight, 0);
  const weightOf = new Map(input.criteria.map((c) => [c.id, c.weight]));
  const sheets = new Map<string, { jurorId: number; entryId: number; sum: number; n: number }>();
  for (const s of input.scores) {
    const w = weightOf.get(s.criterionId);
    if (w === undefined) continue;
    const key = `${s.jurorId}:${s.entryId}`;
    const sheet = sheets.get(key) ?? { jurorId: s.jurorId, entryId: s.entryId, sum: 0, n: 0 };
    sheet.sum += w * s.score;
    sheet.n += 1;
    sheets.set(key, sheet);
  }
  const byJuror = new Map<number, Map<number, number>>();
  for (const sheet of sheets.values()) {
    if (sheet.n !== input.criteria.length || totalWeight <= 0) continue;
    const row = byJuror.get(sheet.jurorId) ?? new Map<number, number>();
    row.set(sheet.entryId, sheet.sum / totalWeight);
    byJuror.set(sheet.jurorId, row);
  }
  return byJuror;
}

export function rankGroup(input: RankingInput): RankedEntry[] {
  const entryIds = new Set(input.entries.map((e) => e.id));
  const byJuror = weightedSheets(input);
  const zs = new Map<number, number[]>();
  const raws = new Map<number, number[]>();
  for (const row of byJuror.values()) {
    const mine = [...row].filter(([entryId]) => entryIds.has(entryId));
    if (mine.length === 0) continue;
    const values = mine.map(([, v]) => v);
    const mu = mean(values);
    const sd = Math.sqrt(mean(values.map((v) => (v - mu) ** 2)));
    for (const [entryId, v] of mine) {
      zs.set(entryId, [...(zs.get(entryId) ?? []), sd > 1e-12 ? (v - mu) / sd : 0]);
      raws.set(entryId, [...(raws.get(entryId) ?? []), v]);
    }
  }
  const entryZ = new Map([...zs].map(([id, list]) => [id, mean(list)]));
  const zValues = [...entryZ.values()];
  const zMin = Math.min(...zValues);
  const zMax = Math.max(...zValues);
  const totalVotes = input.entries.reduce((a, e) => a + e.votes, 0);
  const maxVotes = Math.max(0, ...input.entries.map((e) => e.votes));

  const rows = input.entries.map((e) => {
    const z = entryZ.get(e.id);
    const jury = z === undefined ? 0 : zMax - zMin > 1e-12 ? (100 * (z - zMin)) / (zMax - zMin) : 50;
    const pub = maxVotes > 0 ? (100 * e.votes) / maxVotes : 0;
    const raw = raws.get(e.id);
    return {
      entryId: e.id,
      rank: 0,
      tied: false,
      juryAverage: raw ? mean(raw) : null,
      jurorCount: raw?.length ?? 0,
      juryZ: z ?? null,
      jury,
      votes: e.votes,
      voteShare: totalVotes > 0 ? e.votes / totalVotes : 0,
      public: pub,
      final: (input.weights.jury * jury + input.weights.public * pub) / 100,
    };
  });
  rows.sort((a, b) => tieKey(b.final) - tieKey(a.final) || a.entryId - b.entryId);
  rows.forEach((row, i) => {
    const prev = rows[i - 1];
    row.rank = prev && tieKey(prev.final) === tieKey(row.final) ? prev.rank : i + 1;
  });
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.rank, (counts.get(r.rank) ?? 0) + 1);
  for (const r of rows) r.tied = (counts.get(r.rank) ?? 0) > 1;
  return rows;
}

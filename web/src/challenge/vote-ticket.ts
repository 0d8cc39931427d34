import { solvedChallenge } from './solve';

/**
 * The page solves the next vote's challenge before the visitor clicks, so a vote usually waits for nothing.
 * One ticket is shared by every vote button on the page (a gallery card grid has many); taking it starts
 * nothing new, the button asks for the next one after its vote.
 */
let next: Promise<string> | undefined;

export function prepareVoteTicket(): void {
  if (next) return;
  const ticket = solvedChallenge('vote');
  next = ticket;
  // A failed solve (offline, a worker refused) is dropped, so the click fetches a fresh one.
  ticket.catch(() => {
    if (next === ticket) next = undefined;
  });
}

/** The prepared ticket, or a fresh one when none is ready; `fresh` skips a prepared one (it was refused). */
export function takeVoteTicket(fresh = false): Promise<string> {
  const ticket = !fresh && next ? next : solvedChallenge('vote');
  next = undefined;
  return ticket;
}

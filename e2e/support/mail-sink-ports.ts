/** Ports of the e2e mail sink, derived from the app's E2E port so parallel runs on other ports do not clash. */
export function mailSinkPorts(env: NodeJS.ProcessEnv = process.env): { smtp: number; http: number } {
  const app = Number(env.E2E_PORT || 3100);
  return { smtp: app + 1000, http: app + 2000 };
}

/** Mail the sink received for an address, oldest first. */
export async function mailsTo(address: string): Promise<{ to: string[]; subject: string; text: string; html: string }[]> {
  const res = await fetch(`http://127.0.0.1:${mailSinkPorts().http}/messages?to=${encodeURIComponent(address)}`);
  return res.json();
}

import type { PhaseWindow } from '../../../../common/api-types';
import { GALLERY_BEFORE_VOTING_SETTING } from '../../../../common/settings-keys';

export type GalleryOpening = { open: boolean; opensAt: string | null };

/**
 * Whether approved entries are public: from the start of voting (and on after it), or at once when the
 * organiser says so. Without a voting phase the gallery waits, as it would for a date not yet reached.
 */
export function galleryOpening(settings: Record<string, unknown>, windows: PhaseWindow[], now: Date): GalleryOpening {
  const voting = windows.find((w) => w.phase === 'voting');
  if (settings[GALLERY_BEFORE_VOTING_SETTING] === true) return { open: true, opensAt: null };
  if (voting && voting.start <= now.toISOString()) return { open: true, opensAt: null };
  return { open: false, opensAt: voting?.start ?? null };
}

import { NOTIFICATION_DURATION_S, NOTIFICATION_TOP } from '../../../common/constants';

/**
 * Toasts for the request layer. antd is imported on first use so pages that never fail never load the
 * message/notification code in their first paint.
 */
let configuredTop = -1;

/** Space kept between the sticky site header and a toast. */
const HEADER_GAP = 8;

/**
 * A toast sits at least 65 px from the top (clear of a one-row header); on the public site the header sticks to
 * the top and is taller than that on a desktop (brand row + menu row), so a toast starts just below it instead
 * of covering the navigation.
 */
export function toastTop(): number {
  const header = typeof document === 'undefined' ? null : document.querySelector('.site-header');
  const bottom = header ? Math.max(0, header.getBoundingClientRect().bottom) : 0;
  return Math.max(NOTIFICATION_TOP, Math.ceil(bottom) + HEADER_GAP);
}

async function antd() {
  // Deep imports: the 'antd' barrel in a dynamic import would pull in every component.
  const [{ default: message }, { default: notification }] = await Promise.all([import('antd/es/message'), import('antd/es/notification')]);
  const mod = { message, notification };
  // Measured at each toast: the header's height depends on the width and the locale's menu texts.
  const top = toastTop();
  if (top !== configuredTop) {
    mod.notification.config({ top, duration: NOTIFICATION_DURATION_S });
    mod.message.config({ top, duration: NOTIFICATION_DURATION_S + 1.5 });
    configuredTop = top;
  }
  return mod;
}

export async function showMessage(kind: 'warning' | 'error' | 'success' | 'info', text: string): Promise<void> {
  (await antd()).message[kind](text);
}

export async function showNotification(title: string, description?: string): Promise<void> {
  (await antd()).notification.error({ title, description });
}

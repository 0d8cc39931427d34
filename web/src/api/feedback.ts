import { NOTIFICATION_DURATION_S, NOTIFICATION_TOP } from '../../../common/constants';

/**
 * Toasts for the request layer. antd is imported on first use so pages that never fail never load the
 * message/notification code in their first paint.
 */
let configured = false;

async function antd() {
  // Deep imports: the 'antd' barrel in a dynamic import would pull in every component.
  const [{ default: message }, { default: notification }] = await Promise.all([import('antd/es/message'), import('antd/es/notification')]);
  const mod = { message, notification };
  if (!configured) {
    mod.notification.config({ top: NOTIFICATION_TOP, duration: NOTIFICATION_DURATION_S });
    mod.message.config({ top: NOTIFICATION_TOP, duration: NOTIFICATION_DURATION_S + 1.5 });
    configured = true;
  }
  return mod;
}

export async function showMessage(kind: 'warning' | 'error' | 'success' | 'info', text: string): Promise<void> {
  (await antd()).message[kind](text);
}

export async function showNotification(title: string, description?: string): Promise<void> {
  (await antd()).notification.error({ title, description });
}

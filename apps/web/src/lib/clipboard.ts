import { notify } from './notifications';

/**
 * Copies a text (a personal link) and says whether it worked: the clipboard can be refused
 * (an insecure origin, a denied permission), and then the user copies by hand.
 */
export async function copyWithNotice(
  text: string,
  messages: { copied: string; failed: string },
): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify({ type: 'success', message: messages.copied });
  } catch {
    notify({ type: 'error', message: messages.failed });
  }
}

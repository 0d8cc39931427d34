import { useState } from 'react';

/**
 * Copies text to the clipboard and says how it went: 'yes', or 'no' when there is no clipboard (an insecure
 * origin, a refused permission), for the caller to offer the text to copy by hand.
 */
export function useCopy(onFailure?: () => void) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('yes');
    } catch {
      setCopied('no');
      onFailure?.();
    }
  };
  return { copied, copy };
}

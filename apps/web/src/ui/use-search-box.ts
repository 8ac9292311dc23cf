import { useDebouncedCallback } from '@mantine/hooks';
import { useEffect, useState } from 'react';

const SEARCH_DELAY_MS = 300;

/**
 * A list's search box whose search lives in the URL (`?q=`): the box answers each key at once, the URL (and the
 * call) follow once typing pauses, trimmed. When the URL changes from outside (Back, a link, Clear filters) the box
 * shows it, but not when the URL only caught up with what the box holds: typing "Ann " and pausing commits "Ann"
 * and must not take the space away under the cursor.
 */
export function useSearchBox(committed: string, commit: (q: string) => void) {
  const [text, setText] = useState(committed);
  useEffect(() => setText((current) => (current.trim() === committed ? current : committed)), [committed]);
  const later = useDebouncedCallback((value: string) => commit(value.trim()), SEARCH_DELAY_MS);
  // a row opened before the pause must not be left for the list again when the pause ends
  useEffect(() => () => later.cancel(), [later]);
  return {
    value: text,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setText(event.currentTarget.value);
      later(event.currentTarget.value);
    },
  };
}

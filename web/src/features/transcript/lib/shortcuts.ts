import type { MediaActions } from './use-media-player';
import { SKIP_SECONDS } from './use-media-player';

export interface ShortcutHandlers extends MediaActions {
  toggleAutoScroll(): void;
  showHelp(): void;
}

/** Where keys belong to the focused control: typing, choosing, or a button's own Space/Enter. */
const ownsKey = (target: EventTarget | null, key: string): boolean => {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') {
    const type = (target as HTMLInputElement).type;
    // A range slider uses the arrows itself; checkboxes and radios use Space.
    if (type === 'range') return key.startsWith('Arrow') || key === ' ';
    if (type === 'checkbox' || type === 'radio') return key === ' ' || key.startsWith('Arrow');
    return true;
  }
  if ((tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY') && (key === ' ' || key === 'Enter')) return true;
  return !!target.closest('dialog[open]');
};

/** Maps a key press to a player action; returns true when it handled the key. */
export const handleShortcut = (event: KeyboardEvent, handlers: ShortcutHandlers): boolean => {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (ownsKey(event.target, event.key)) return false;
  switch (event.key) {
    case ' ':
    case 'k':
    case 'K':
      handlers.toggle();
      return true;
    case 'ArrowLeft':
    case 'j':
    case 'J':
      handlers.skip(-SKIP_SECONDS);
      return true;
    case 'ArrowRight':
    case 'l':
    case 'L':
      handlers.skip(SKIP_SECONDS);
      return true;
    case '<':
    case ',':
      handlers.stepRate(-1);
      return true;
    case '>':
    case '.':
      handlers.stepRate(1);
      return true;
    case 'a':
    case 'A':
      handlers.toggleAutoScroll();
      return true;
    case '?':
      handlers.showHelp();
      return true;
    default:
      return false;
  }
};

/** @jsxImportSource preact */
export const Launcher = ({ unread, onOpen }: { unread: number; onOpen: () => void }) => (
  <button
    type="button"
    class="launcher"
    aria-label={unread ? `Open support chat (${unread} unread)` : 'Open support chat'}
    onClick={onOpen}
  >
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
      <path fill="currentColor" d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z" />
    </svg>
    {unread > 0 && (
      <span class="unread" data-testid="unread-badge">
        {unread > 9 ? '9+' : unread}
      </span>
    )}
  </button>
);

/** @jsxImportSource preact */
export const TypingIndicator = () => (
  <li class="typing" role="status" aria-label="Assistant is typing">
    <span />
    <span />
    <span />
  </li>
);

/** @jsxImportSource preact */
export const RatingPrompt = ({ rating, onRate }: { rating: number | null; onRate: (n: number) => void }) =>
  rating ? (
    <p class="notice">Thanks for your feedback! You rated this chat {rating} of 5.</p>
  ) : (
    <div class="rating" role="group" aria-label="How did we do?">
      <p>This chat was resolved. How did we do?</p>
      {[1, 2, 3, 4, 5].map((n) => (
        <button key={n} type="button" aria-label={`Rate ${n} of 5`} onClick={() => onRate(n)}>
          ★
        </button>
      ))}
    </div>
  );

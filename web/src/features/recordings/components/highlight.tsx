import { Fragment } from 'react';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Splits `text` into plain and matching parts, matching each word of `query` case-insensitively. */
export const matchParts = (text: string, query: string): { text: string; match: boolean }[] => {
  const words = query.trim().split(/\s+/).filter(Boolean).map(escapeRegExp);
  if (words.length === 0) return [{ text, match: false }];
  // With one capturing group, split() puts the matches at the odd positions.
  return text
    .split(new RegExp(`(${words.join('|')})`, 'iu'))
    .map((part, i) => ({ text: part, match: i % 2 === 1 }))
    .filter((part) => part.text !== '');
};

/** The text with the searched words marked (React escapes the text, so titles cannot inject markup). */
export function Highlight({ text, query }: { text: string; query: string }) {
  return (
    <>
      {matchParts(text, query).map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded bg-amber-200 px-0.5 text-inherit">
            {part.text}
          </mark>
        ) : (
          <Fragment key={i}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

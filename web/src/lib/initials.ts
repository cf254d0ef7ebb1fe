/**
 * The one or two letters of a person's avatar: the first letters of their first and last words ("Ben Baker" → "BB",
 * "Ana" → "A"), the first letter of an address's name ("ana.ruiz@example.com" → "A"), "?" when there is nothing.
 */
export const initials = (name: string): string => {
  const words = name.replace(/@.*$/, '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = Array.from(words[0]!)[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1]!)[0] ?? '') : '';
  return (first + last).toLocaleUpperCase() || '?';
};

/**
 * A voice print as the events keep it: the embedding's numbers as little-endian float32, in base64. A string, so the
 * event store's sealing seals it as it seals a name (it seals strings only), and about 1 KB for 192 numbers.
 */
export const MAX_PRINT_DIMENSION = 1024;

export const encodeVoicePrint = (embedding: readonly number[]): string => {
  const bytes = new Uint8Array(embedding.length * 4);
  const view = new DataView(bytes.buffer);
  embedding.forEach((value, i) => view.setFloat32(i * 4, value, true));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/**
 * The numbers of a stored print; null for anything that is not one (a print an erasure left as "[erased]", one
 * of no numbers, too many, or not finite).
 */
export const decodeVoicePrint = (print: string): number[] | null => {
  let binary: string;
  try {
    binary = atob(print);
  } catch {
    return null;
  }
  if (binary.length === 0 || binary.length % 4 !== 0 || binary.length / 4 > MAX_PRINT_DIMENSION) return null;
  const view = new DataView(Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer);
  const out = Array.from({ length: binary.length / 4 }, (_, i) => view.getFloat32(i * 4, true));
  return out.every(Number.isFinite) && out.some((n) => n !== 0) ? out : null;
};

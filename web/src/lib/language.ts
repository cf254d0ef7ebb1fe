const names = new Intl.DisplayNames(['en'], { type: 'language' });

/** "fr" -> "French"; unknown or odd codes are shown as they are. */
export const languageName = (code: string | null | undefined): string | null => {
  if (!code) return null;
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
};

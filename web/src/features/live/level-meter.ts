/** The quietest level the meter shows: below it (room noise) the bar is empty. */
const FLOOR_DB = -60;

/**
 * The input meter's fill, 0..100, from the peak of the last 100 ms (0..1). On a linear scale speech at a normal
 * distance from a microphone (peaks of 0.05-0.2) filled a tenth of the bar and read as "nothing is coming in";
 * in decibels, as sound meters show it, it fills half to three quarters.
 */
export const meterPercent = (peak: number): number => {
  if (!(peak > 0)) return 0;
  const db = 20 * Math.log10(Math.min(1, peak));
  return Math.round(Math.max(0, Math.min(1, (db - FLOOR_DB) / -FLOOR_DB)) * 100);
};

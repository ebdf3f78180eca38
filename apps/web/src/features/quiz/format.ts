/** "45 min", "3 h", "3 h 10 min". */
export function minutesText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** "A" … "F": choice letters. */
export const choiceLetter = (index: number) => String.fromCharCode(65 + index);

/** 87.5 → "87.5%", 80 → "80%". */
export const percentText = (value: number) => `${Math.round(value * 10) / 10}%`;

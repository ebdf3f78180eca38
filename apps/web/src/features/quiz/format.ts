import { countText } from '../../lib/format.ts';

/** "45 min", "3 h", "3 h 10 min". */
export function minutesText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

/** "1 item", "150 items". */
export const itemsText = (count: number) => countText(count, 'item');

/** "A" … "F": choice letters. */
export const choiceLetter = (index: number) => String.fromCharCode(65 + index);

/** 87.5 → "87.5%", 80 → "80%". */
export const percentText = (value: number) => `${Math.round(value * 10) / 10}%`;

/** "8/10 right · weight 40% · floor 50%": one part of a mock, under its bar or meter. */
export function partFacts(
  part: { correct: number; items: number; floor: number; belowFloor: boolean },
  weight: number,
): string {
  return (
    `${part.correct}/${part.items} right · weight ${weight}%` +
    (part.floor > 0 ? ` · floor ${part.floor}%` : '') +
    (part.belowFloor ? ' · below the floor' : '')
  );
}

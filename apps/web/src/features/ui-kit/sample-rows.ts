/** Deterministic sample rows for the internal UI kit page and the bench: no server, no randomness per load. */
export interface SampleStatement {
  id: string;
  first: string;
  last: string;
  carrier: string;
  date: Date;
  amount: number;
}

const FIRST = ['Ada', 'Bea', 'Cyd', 'Dora', 'Eli', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kit', 'Lou', 'Mae', 'Ned'];
const LAST = ['Whitfield', 'Okafor', 'Lindqvist', 'Moreau', 'Tanaka', 'Alvarez', 'Byrne', 'Castillo', 'Novak'];
const CARRIERS = ['Humana', 'Aetna', 'Anthem', 'Cigna', 'Mutual of Omaha', 'UnitedHealthcare', 'Wellcare'];

/** A small linear congruential generator: the same rows on every load. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function sampleStatements(count: number, seed = 11): SampleStatement[] {
  const random = seeded(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const start = Date.UTC(2025, 0, 1);
  return Array.from({ length: count }, (_, i) => ({
    id: `st-${i + 1}`,
    first: pick(FIRST),
    last: pick(LAST),
    carrier: pick(CARRIERS),
    date: new Date(start + Math.floor(random() * 700) * 86_400_000),
    amount: Math.round(random() * 500_000) / 100,
  }));
}

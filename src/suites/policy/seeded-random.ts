/**
 * A small seeded pseudo-random generator (mulberry32) and the name lists the domains' seeds draw
 * from, so every seeded database, and every task built from it, is the same on every machine.
 */

/** A deterministic generator of numbers in [0, 1). */
export class SeededRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** The next number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number in [low, high]. */
  int(low: number, high: number): number {
    return low + Math.floor(this.next() * (high - low + 1));
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `count` digits as a string. */
  digits(count: number): string {
    let text = "";
    for (let index = 0; index < count; index += 1) text += String(this.int(0, 9));
    return text;
  }
}

export const firstNames = [
  "Ava",
  "Noah",
  "Mia",
  "Liam",
  "Zoe",
  "Ethan",
  "Lena",
  "Omar",
  "Priya",
  "Mateo",
  "Yuki",
  "Sara",
  "Jonas",
  "Amara",
  "Diego",
  "Ines",
  "Kofi",
  "Hana",
  "Ravi",
  "Elif",
  "Tomas",
  "Nadia",
  "Felix",
  "Maya",
  "Arjun",
  "Clara",
  "Idris",
  "Sofia",
  "Lucas",
  "Aisha",
] as const;

export const lastNames = [
  "Garcia",
  "Chen",
  "Okafor",
  "Silva",
  "Novak",
  "Patel",
  "Kim",
  "Haddad",
  "Muller",
  "Rossi",
  "Tanaka",
  "Nguyen",
  "Kowalski",
  "Mensah",
  "Ivanova",
  "Lopez",
  "Berg",
  "Sato",
  "Costa",
  "Dubois",
  "Ali",
  "Moreau",
  "Larsen",
  "Sharma",
  "Weber",
] as const;

export const streets = [
  "Maple Ave",
  "Oak St",
  "Cedar Ln",
  "Birch Rd",
  "Elm St",
  "Willow Way",
  "Harbor Blvd",
  "Hill St",
  "Lake Dr",
  "Park Pl",
  "River Rd",
  "Sunset Ave",
] as const;

export const cities = [
  ["Portland", "OR"],
  ["Austin", "TX"],
  ["Denver", "CO"],
  ["Madison", "WI"],
  ["Raleigh", "NC"],
  ["Tucson", "AZ"],
  ["Boise", "ID"],
  ["Albany", "NY"],
] as const;

/** A one-line street address. */
export function addressOf(random: SeededRandom): { address: string; zip: string } {
  const [city, state] = random.pick(cities);
  const zip = random.digits(5);
  return { address: `${random.int(10, 9899)} ${random.pick(streets)}, ${city}, ${state} ${zip}`, zip };
}

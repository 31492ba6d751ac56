/**
 * The name lists the policy domains' seeds draw from, with the seeded generator
 * (src/stats/seeded-random.ts), so every seeded database, and every task built from it, is the
 * same on every machine.
 */

import { SeededRandom } from "../../stats/seeded-random.js";

export { SeededRandom };

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

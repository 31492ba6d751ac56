/**
 * Local business pages in Riverton (and a few in Lisbon and Concord): restaurants, cafés and
 * services with address, hours, phone, price range and reviews.
 */
import type { SeededRandom } from "./random.js";
import { type GeneratedPage, listText, slug } from "./web-page.js";

/** Name, kind, address, what they offer. */
// biome-ignore format: a data table, one row per line
const places: [string, string, string, string][] = [
  ["Osteria Lupa", "Italian restaurant", "14 Harbor Street, Riverton", "handmade pasta, mushroom risotto, wood-fired fish"],
  ["Blue Fern Cafe", "café", "31 Main Street, Riverton", "cardamom buns, flat whites, avocado toast"],
  ["Green Table", "vegetarian restaurant", "9 Canal Street, Riverton", "grain bowls, seasonal salads, lentil burgers"],
  ["Harbor Noodle Bar", "Japanese noodle bar", "52 Harbor Street, Riverton", "tonkotsu ramen, gyoza, vegan miso ramen"],
  ["Casa Oaxaca", "Mexican restaurant", "18 Mill Street, Riverton", "mole, tacos al pastor, mezcal"],
  ["The Daily Loaf", "bakery", "7 Station Road, Riverton", "sourdough, croissants, birthday cakes to order"],
  ["Spice Route", "Indian restaurant", "40 Main Street, Riverton", "thali, butter chicken, dosa on weekends"],
  ["Saigon Corner", "Vietnamese restaurant", "3 Elm Street, Riverton", "pho, banh mi, fresh spring rolls"],
  ["The Anchor", "pub", "2 Harbor Street, Riverton", "fish and chips, local beers, Tuesday quiz night"],
  ["Sakura Sushi", "sushi restaurant", "66 Main Street, Riverton", "omakase, rolls, bento lunch specials"],
  ["Olive & Thyme", "Mediterranean restaurant", "25 Canal Street, Riverton", "mezze, grilled halloumi, lamb kofta"],
  ["Scoops", "ice cream shop", "12 Riverside Drive, Riverton", "salted caramel, vegan sorbets, waffle cones"],
  ["Little Lisbon", "Portuguese restaurant", "44 Mill Street, Riverton", "grilled sardines, bacalhau, pastéis de nata"],
  ["Burger Barn", "burger restaurant", "90 Main Street, Riverton", "smash burgers, veggie burgers, milkshakes"],
  ["Tea Leaf", "tea house", "15 Elm Street, Riverton", "loose-leaf teas, scones, afternoon tea for two"],
  ["Riverton Dental", "dentist", "22 Elm Street, Riverton", "cleanings, fillings, children's dentistry; Dr. Helen Okafor"],
  ["Riverton Fitness", "gym", "8 Canal Street, Riverton", "weights, spin classes, pool access"],
  ["Dave's Plumbing", "plumber", "Riverton and nearby towns", "leaks, blocked drains, water heaters; call fee $85"],
  ["Spokes Bike Shop", "bike shop", "33 Station Road, Riverton", "repairs, tune-ups from $60, rentals"],
  ["Riverton Animal Clinic", "veterinarian", "70 Mill Street, Riverton", "check-ups, vaccinations, emergencies on weekdays"],
  ["Main Street Pharmacy", "pharmacy", "50 Main Street, Riverton", "prescriptions, flu shots, travel vaccines"],
  ["Cut & Co", "hair salon", "21 Main Street, Riverton", "cuts from $35, colour, walk-ins on Tuesdays"],
  ["Fresh Press Laundry", "laundry and dry cleaning", "6 Elm Street, Riverton", "wash and fold, dry cleaning, next-day service"],
  ["Page Turner Books", "bookshop", "28 Main Street, Riverton", "new and used books, book club discounts"],
  ["Greenroom Plants", "plant shop", "11 Canal Street, Riverton", "houseplants, pots, repotting service"],
  ["QuickFix Phone Repair", "phone repair", "60 Main Street, Riverton", "screen replacement, batteries, same-day repairs"],
  ["Riverton Auto Care", "car repair", "100 Mill Street, Riverton", "oil changes, tyres, inspections"],
  ["Harbor Yoga", "yoga studio", "17 Harbor Street, Riverton", "vinyasa, yin, beginners' courses"],
  ["Lakeview Lodge", "event venue", "5 Lake Road, Concord", "team offsites, kayaking, catered lunches"],
  ["Taberna da Rua", "Portuguese tavern", "Rua dos Remédios 80, Alfama, Lisbon", "petiscos, grilled fish, fado on Fridays"],
  ["Casa do Largo", "guesthouse", "Largo do Carmo 8, Lisbon", "twelve rooms, rooftop breakfast, luggage storage"],
  ["Pastelaria Estrela", "pastry shop", "Rua da Estrela 12, Lisbon", "pastéis de nata warm from the oven"],
];

const hourOptions = [
  "Mon-Fri 7:00-18:00, Sat-Sun 8:00-16:00",
  "Tue-Sun 17:00-22:00, closed Mondays",
  "Daily 11:30-22:00",
  "Mon-Sat 9:00-18:00, closed Sundays",
  "Mon-Fri 8:00-17:00",
  "Daily 12:00-23:00",
];
const reviewers = ["Maya R.", "Ben T.", "Claire D.", "Omar K.", "Jess L.", "Pat S.", "Ravi N.", "Lucy W."];
const opinions = [
  "Friendly staff and quick service.",
  "A bit pricey but worth it.",
  "Book ahead on weekends, it gets busy.",
  "Great for a quiet weeknight.",
  "They fixed the problem on the first visit.",
  "Parking nearby is hard; take the train.",
  "Consistently good, my go-to place.",
  "Portions could be bigger.",
];

/** A listing page and a reviews page for each place (64 pages). */
export function businessPages(random: SeededRandom): GeneratedPage[] {
  const pages: GeneratedPage[] = [];
  for (const [name, kind, address, offer] of places) {
    const hours = random.pick(hourOptions);
    const rating = (random.int(35, 49) / 10).toFixed(1);
    const count = random.int(20, 900);
    const phone = address.includes("Lisbon")
      ? `+351 21 555 ${random.int(1000, 9999)}`
      : `+1 617 555 ${random.int(1000, 9999)}`;
    const price = random.pick(["$", "$$", "$$", "$$$"]);
    const host = "www.localfinder.example.com";
    const base = `https://${host}/biz/${slug(name)}`;
    pages.push({
      url: base,
      title: `${name} - ${kind} - ${address}`,
      category: "local business",
      text: `${name} is a ${kind} at ${address}. Known for ${offer}. Hours: ${hours}. Phone: ${phone}. Price range: ${price}. Rating ${rating} from ${count} reviews. ${random.chance(0.5) ? "Accepts reservations online." : "Walk-ins welcome."} ${random.chance(0.5) ? "Wheelchair accessible." : "Step at the entrance."}`,
    });
    const picked = random
      .sample(reviewers, 3)
      .map((reviewer) => `${reviewer} (${random.int(3, 5)}/5): ${random.pick(opinions)}`);
    pages.push({
      url: `${base}/reviews`,
      title: `Reviews of ${name}`,
      category: "local business",
      text: `What people say about ${name} (${kind}, ${address}): average ${rating} from ${count} reviews. Most mentioned: ${listText(offer.split(", ").slice(0, 2))}.\n${picked.join("\n")}`,
    });
  }
  return pages;
}
